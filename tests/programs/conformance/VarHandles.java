import java.lang.invoke.*;
import java.util.*;
import java.util.concurrent.atomic.*;

public class VarHandles {
    volatile int count;
    long total;
    String label = "init";
    static int staticField = 5;

    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup l = MethodHandles.lookup();
        VarHandle COUNT = l.findVarHandle(VarHandles.class, "count", int.class);
        VarHandle TOTAL = l.findVarHandle(VarHandles.class, "total", long.class);
        VarHandle LABEL = l.findVarHandle(VarHandles.class, "label", String.class);
        VarHandle STATIC = l.findStaticVarHandle(VarHandles.class, "staticField", int.class);
        VarHandles v = new VarHandles();
        COUNT.set(v, 10);
        System.out.println((int) COUNT.get(v) + " " + COUNT.compareAndSet(v, 10, 20) + " " + COUNT.compareAndSet(v, 10, 30) + " " + v.count);
        System.out.println((int) COUNT.getAndAdd(v, 5) + " " + v.count + " " + (int) COUNT.getAndSet(v, 1) + " " + (int) COUNT.getAndAdd(v, 1) + " " + v.count);
        System.out.println((int) COUNT.getAndBitwiseOr(v, 0xF0) + " " + v.count + " " + (int) COUNT.getAndBitwiseAnd(v, 0x3C) + " " + v.count + " " + (int) COUNT.getAndBitwiseXor(v, 0xFF) + " " + v.count);
        System.out.println((int) COUNT.compareAndExchange(v, v.count, 77) + " " + (int) COUNT.getVolatile(v) + " " + (int) COUNT.getAcquire(v) + " " + (int) COUNT.getOpaque(v));
        COUNT.setRelease(v, 3);
        System.out.println(COUNT.weakCompareAndSetPlain(v, 3, 4) ? "weak cas may succeed" : "weak cas may fail");
        TOTAL.set(v, Long.MAX_VALUE);
        System.out.println((long) TOTAL.getAndAdd(v, 1L) + " " + v.total);
        System.out.println(LABEL.compareAndSet(v, "init", "changed") + " " + v.label + " " + LABEL.compareAndSet(v, new String("changed"), "no") + " " + (String) LABEL.getAndSet(v, "final") + " " + v.label);
        STATIC.set(42);
        System.out.println((int) STATIC.get() + " " + staticField + " " + (int) STATIC.getAndAdd(8) + " " + staticField);
        VarHandle ARR = MethodHandles.arrayElementVarHandle(long[].class);
        long[] arr = new long[4];
        ARR.set(arr, 2, 100L);
        System.out.println(ARR.compareAndSet(arr, 2, 100L, 200L) + " " + Arrays.toString(arr) + " " + (long) ARR.getAndAdd(arr, 0, 7L) + " " + Arrays.toString(arr));
        try {
            ARR.set(arr, 9, 1L);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        VarHandle OARR = MethodHandles.arrayElementVarHandle(String[].class);
        String[] sarr = {"a", "b"};
        System.out.println(OARR.compareAndSet(sarr, 0, "a", "A") + " " + Arrays.toString(sarr));
        VarHandle BB = MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.BIG_ENDIAN);
        byte[] bytes = new byte[8];
        BB.set(bytes, 0, 0x01020304);
        BB.set(bytes, 4, -1);
        System.out.println(Arrays.toString(bytes) + " " + Integer.toHexString((int) BB.get(bytes, 0)));
        System.out.println(COUNT.varType() + " " + COUNT.coordinateTypes() + " " + ARR.coordinateTypes());
        try {
            COUNT.set(v, "string");
        } catch (ClassCastException | WrongMethodTypeException e) {
            System.out.println("wrong type: " + e.getClass().getSimpleName());
        }
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println(ai.incrementAndGet() + " " + ai.getAndUpdate(x -> x * 10) + " " + ai.accumulateAndGet(4, Integer::sum) + " " + ai.compareAndSet(64, 0) + " " + ai);
        AtomicLong al = new AtomicLong(Long.MIN_VALUE);
        System.out.println(al.decrementAndGet() + " " + al.addAndGet(2));
        AtomicReference<String> ar = new AtomicReference<>("x");
        System.out.println(ar.updateAndGet(s -> s + "y") + " " + ar.compareAndSet("xy", "z") + " " + ar.get());
        AtomicIntegerArray aia = new AtomicIntegerArray(3);
        aia.addAndGet(1, 5);
        aia.incrementAndGet(2);
        System.out.println(aia);
        LongAdder adder = new LongAdder();
        for (int i = 0; i < 100; i++) adder.add(i);
        System.out.println(adder.sum() + " " + adder);
        AtomicBoolean ab = new AtomicBoolean();
        System.out.println(ab.getAndSet(true) + " " + ab.get() + " " + ab.compareAndExchange(true, false) + " " + ab);
    }
}
