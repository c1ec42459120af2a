import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.IntBinaryOperator;

// Read-modify-write loops written with VarHandles (weak CAS retry loops,
// compareAndExchange witnesses, getAndAdd/getAndBitwise*) over a field, a static, an
// array element, a byte-array view and heap and direct ByteBuffer views, with
// wrap-around at the extremes and the static fences. Single-threaded, so every
// CAS whose expected value matches succeeds.
public class VarHandleAtomicUpdates {
    volatile int counter;
    static long total;

    static final VarHandle COUNTER;
    static final VarHandle TOTAL;
    static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    static final VarHandle BYTES_AS_INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle BYTES_AS_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle BUFFER_AS_INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    static {
        try {
            COUNTER = MethodHandles.lookup().findVarHandle(VarHandleAtomicUpdates.class, "counter", int.class);
            TOTAL = MethodHandles.lookup().findStaticVarHandle(VarHandleAtomicUpdates.class, "total", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** updateAndGet over a byte-array view, with a weak CAS retry loop. */
    static int update(byte[] b, int index, IntBinaryOperator op, int x) {
        int prev, next;
        do {
            prev = (int) BYTES_AS_INTS.getVolatile(b, index);
            next = op.applyAsInt(prev, x);
        } while (!BYTES_AS_INTS.weakCompareAndSet(b, index, prev, next));
        return next;
    }

    /** accumulateAndGet over a ByteBuffer view, with compareAndExchange witnesses. */
    static int accumulate(ByteBuffer bb, int index, IntBinaryOperator op, int x) {
        int witness = (int) BUFFER_AS_INTS.getAcquire(bb, index);
        while (true) {
            int next = op.applyAsInt(witness, x);
            int seen = (int) BUFFER_AS_INTS.compareAndExchangeRelease(bb, index, witness, next);
            if (seen == witness) {
                return next;
            }
            witness = seen;
        }
    }

    public static void main(String[] args) {
        VarHandleAtomicUpdates o = new VarHandleAtomicUpdates();
        for (int k = 0; k < 5; k++) {
            int prev;
            do {
                prev = o.counter;
            } while (!COUNTER.weakCompareAndSetPlain(o, prev, prev * 3 + 1));
        }
        System.out.println("counter " + o.counter + " " + (int) COUNTER.getAndAdd(o, Integer.MAX_VALUE) + " " + o.counter);
        TOTAL.setVolatile(Long.MAX_VALUE - 2);
        for (int k = 0; k < 4; k++) {
            System.out.print((long) TOTAL.getAndAddAcquire(1L) + " ");
        }
        System.out.println(total + " " + (long) TOTAL.getAndBitwiseXorRelease(-1L) + " " + total);

        int[] arr = new int[4];
        for (int k = 0; k < arr.length; k++) {
            INTS.setRelease(arr, k, k * k);
            INTS.getAndBitwiseOr(arr, k, 1 << k);
            int witness = (int) INTS.compareAndExchangeAcquire(arr, k, -1, 0);
            INTS.compareAndSet(arr, k, witness, witness - 1);
        }
        System.out.println("array " + Arrays.toString(arr));

        byte[] b = new byte[16];
        System.out.println("max " + update(b, 4, Math::max, 17) + " " + update(b, 4, Math::max, 3) + " mul " + update(b, 8, (a, c) -> (a + 1) * c, 1 << 20) + " " + update(b, 8, (a, c) -> a * c, 4096));
        BYTES_AS_LONGS.set(b, 8, Long.MIN_VALUE);
        System.out.println((long) BYTES_AS_LONGS.getAndAdd(b, 8, -1L) + " " + (long) BYTES_AS_LONGS.getAndBitwiseAndAcquire(b, 8, 0xFFL) + " " + (long) BYTES_AS_LONGS.get(b, 8) + " " + Arrays.toString(b));

        for (ByteBuffer bb : new ByteBuffer[] {ByteBuffer.allocate(16), ByteBuffer.allocateDirect(16).alignedSlice(8)}) {
            int a1 = accumulate(bb, 0, Integer::sum, 40);
            int a2 = accumulate(bb, 0, (a, c) -> a << c, 2);
            int a3 = accumulate(bb, 4, Math::min, -9);
            System.out.println((bb.isDirect() ? "direct " : "heap ") + a1 + " " + a2 + " " + a3 + " " + bb.getInt(0) + " " + bb.getInt(4) + " " + (int) BUFFER_AS_INTS.getAndBitwiseXor(bb, 4, 0xFFFF) + " " + bb.getInt(4));
        }

        VarHandle.fullFence();
        VarHandle.acquireFence();
        VarHandle.releaseFence();
        VarHandle.loadLoadFence();
        VarHandle.storeStoreFence();
        System.out.println("fences done " + o.counter);
    }
}
