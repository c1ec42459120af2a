import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

// ByteBuffer views over heap and direct buffers (direct ones off-heap, made 8-aligned
// by alignedSlice so that alignment does not depend on where the memory lies): every
// view type in both byte orders, aligned and misaligned indices (also through slices
// at odd offsets), the buffer's limit as the bound, read-only buffers, and the
// exceptions of each case.
public class ByteBufferViews {
    static void p(Object o) {
        System.out.println(o);
    }

    static String fail(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    interface Access {
        Object run();
    }

    static void attempt(String what, Access a) {
        try {
            p(what + " = " + a.run());
        } catch (RuntimeException e) {
            p(what + " " + fail(e));
        }
    }

    static void exercise(String name, ByteBuffer bb) {
        p("== " + name + " ro=" + bb.isReadOnly() + " limit=" + bb.limit() + " capacity=" + bb.capacity());
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            VarHandle I = MethodHandles.byteBufferViewVarHandle(int[].class, order);
            VarHandle J = MethodHandles.byteBufferViewVarHandle(long[].class, order);
            VarHandle S = MethodHandles.byteBufferViewVarHandle(short[].class, order);
            VarHandle C = MethodHandles.byteBufferViewVarHandle(char[].class, order);
            VarHandle F = MethodHandles.byteBufferViewVarHandle(float[].class, order);
            VarHandle D = MethodHandles.byteBufferViewVarHandle(double[].class, order);
            for (int index : new int[] {0, 1, 2, 4, 7, 8, 12, 13, 16, -1}) {
                String at = order + "@" + index;
                attempt("int set " + at, () -> {
                    I.set(bb, index, 0x0A0B0C0D);
                    return "done";
                });
                attempt("int get " + at, () -> Integer.toHexString((int) I.get(bb, index)));
                attempt("int getAcquire " + at, () -> (int) I.getAcquire(bb, index));
                attempt("int weakCompareAndSet " + at, () -> I.weakCompareAndSet(bb, index, 0x0A0B0C0D, 3));
                attempt("int getAndAddRelease " + at, () -> (int) I.getAndAddRelease(bb, index, 1));
                attempt("int getAndBitwiseAnd " + at, () -> (int) I.getAndBitwiseAnd(bb, index, 6));
                attempt("long set+get " + at, () -> {
                    J.set(bb, index, -5L);
                    return (long) J.get(bb, index);
                });
                attempt("long compareAndExchangeRelease " + at, () -> (long) J.compareAndExchangeRelease(bb, index, -5L, 9L));
                attempt("long getAndBitwiseOrAcquire " + at, () -> (long) J.getAndBitwiseOrAcquire(bb, index, 16L));
                attempt("short setVolatile+get " + at, () -> {
                    S.setVolatile(bb, index, (short) 300);
                    return (short) S.get(bb, index);
                });
                attempt("char setOpaque+getVolatile " + at, () -> {
                    C.setOpaque(bb, index, 'k');
                    return (char) C.getVolatile(bb, index);
                });
                attempt("float getAndSet " + at, () -> (float) F.getAndSet(bb, index, 2.5f));
                attempt("double get+compareAndSet " + at, () -> (double) D.get(bb, index) + " " + D.compareAndSet(bb, index, 0.0, 1.0));
            }
            if (!bb.isReadOnly()) {
                byte[] copy = new byte[bb.limit()];
                bb.duplicate().clear().limit(bb.limit()).get(copy);
                p(Arrays.toString(copy));
            }
        }
    }

    /** A direct buffer of `capacity` bytes whose first byte is 8-aligned. */
    static ByteBuffer direct(int capacity) {
        return ByteBuffer.allocateDirect(capacity + 8).alignedSlice(8).limit(capacity).slice();
    }

    /** The view handles' behaviour that does not depend on the case. */
    static void handles(ByteBuffer bb) {
        VarHandle I = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        I.set(bb, 0, 1);
        p("view order ignores the buffer's: " + bb.getInt(0) + " " + bb.order(ByteOrder.BIG_ENDIAN).getInt(0) + " position " + bb.position());
        try {
            I.get((ByteBuffer) null, 0);
        } catch (NullPointerException e) {
            p(e.getClass().getName());
        }
        p(I + " | " + I.accessModeType(VarHandle.AccessMode.GET_AND_ADD) + " | " + MethodHandles.byteBufferViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN).coordinateTypes());
        try {
            MethodHandles.byteBufferViewVarHandle(byte[].class, ByteOrder.BIG_ENDIAN);
        } catch (UnsupportedOperationException e) {
            p(fail(e));
        }
    }

    public static void main(String[] args) {
        exercise("allocate", ByteBuffer.allocate(20));
        exercise("slice at 3", ByteBuffer.allocate(24).position(3).slice());
        exercise("wrap at offset 1", ByteBuffer.wrap(new byte[21], 1, 20).slice());
        exercise("read-only", ByteBuffer.allocate(20).asReadOnlyBuffer());
        exercise("limit 10", ByteBuffer.allocate(32).limit(10));
        handles(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN));

        exercise("allocateDirect", direct(20));
        exercise("direct slice at 3", direct(24).position(3).slice());
        exercise("direct slice at 1", direct(21).position(1).slice());
        exercise("direct read-only", direct(20).asReadOnlyBuffer());
        exercise("direct limit 10", direct(32).limit(10));
        ByteBuffer d = direct(16);
        p("direct " + d.isDirect() + " alignment " + d.alignmentOffset(0, 8) + " " + d.alignmentOffset(3, 4));
        handles(direct(8).order(ByteOrder.LITTLE_ENDIAN));
    }
}
