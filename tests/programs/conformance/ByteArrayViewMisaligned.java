import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

// Byte-array views at misaligned indices: plain get/set compose the value from
// narrower accesses and work; every other access mode throws
// IllegalStateException("Misaligned access at index: i").
public class ByteArrayViewMisaligned {
    static void p(Object o) {
        System.out.println(o);
    }

    static String fail(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    interface Mode {
        Object run(int index);
    }

    static void each(String what, int index, Mode m) {
        try {
            p(what + "@" + index + " = " + m.run(index));
        } catch (RuntimeException e) {
            p(what + "@" + index + " " + fail(e));
        }
    }

    public static void main(String[] args) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            p("== " + order);
            VarHandle I = MethodHandles.byteArrayViewVarHandle(int[].class, order);
            VarHandle J = MethodHandles.byteArrayViewVarHandle(long[].class, order);
            VarHandle S = MethodHandles.byteArrayViewVarHandle(short[].class, order);
            VarHandle C = MethodHandles.byteArrayViewVarHandle(char[].class, order);
            VarHandle F = MethodHandles.byteArrayViewVarHandle(float[].class, order);
            VarHandle D = MethodHandles.byteArrayViewVarHandle(double[].class, order);
            for (int index = 1; index < 8; index++) {
                byte[] b = new byte[24];
                final int at = index;
                I.set(b, index, 0x11223344);
                J.set(b, index + 8, 0x0102030405060708L);
                p("plain " + index + " " + Arrays.toString(b) + " " + Integer.toHexString((int) I.get(b, index)) + " " + Long.toHexString((long) J.get(b, index + 8)));
                S.set(b, index, (short) -2);
                C.set(b, index + 2, 'z');
                p("narrow " + (short) S.get(b, index) + " " + (char) C.get(b, index + 2) + " " + Arrays.toString(b));
                F.set(b, index, -1.25f);
                D.set(b, index + 8, 1e-300);
                p("floating " + (float) F.get(b, index) + " " + (double) D.get(b, index + 8));
                each("int getVolatile", index, i -> (int) I.getVolatile(b, i));
                each("int setRelease", index, i -> {
                    I.setRelease(b, i, 1);
                    return "done";
                });
                each("int compareAndSet", index, i -> I.compareAndSet(b, i, 0, 1));
                each("int getAndAdd", index, i -> (int) I.getAndAdd(b, i, 1));
                each("int getAndBitwiseXorAcquire", index, i -> (int) I.getAndBitwiseXorAcquire(b, i, 1));
                each("long getOpaque", index, i -> (long) J.getOpaque(b, i));
                each("long compareAndExchange", index, i -> (long) J.compareAndExchange(b, i, 0L, 1L));
                each("long weakCompareAndSetPlain", index, i -> J.weakCompareAndSetPlain(b, i, 0L, 1L));
                each("short setVolatile", index, i -> {
                    S.setVolatile(b, i, (short) 1);
                    return "done";
                });
                each("char getAcquire", index, i -> (char) C.getAcquire(b, i));
                each("float getAndSet", index, i -> (float) F.getAndSet(b, i, 1f));
                each("double compareAndSet", index, i -> D.compareAndSet(b, i, 0.0, 1.0));
            }
        }
    }
}
