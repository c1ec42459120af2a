import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.invoke.WrongMethodTypeException;
import java.nio.ByteOrder;
import java.util.Arrays;

// Byte-array views: index bounds, the factory's argument checks, the call site's
// types converted as MethodHandle.asType does (boxing, widening, unboxing, void
// results), invoke-exact behaviour, and describing the handle.
public class ByteArrayViewConversions {
    static void p(Object o) {
        System.out.println(o);
    }

    static void fail(Throwable t) {
        System.out.println(t instanceof NullPointerException ? t.getClass().getName() : t.getClass().getName() + ": " + t.getMessage());
    }

    public static void main(String[] args) {
        VarHandle I = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        VarHandle J = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        byte[] b = new byte[10];
        for (int index : new int[] {-1, 6, 7, 10, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            try {
                I.set(b, index, 1);
                p("set " + index + " " + Arrays.toString(b));
            } catch (IndexOutOfBoundsException e) {
                fail(e);
            }
            try {
                p("get " + index + " " + (int) I.getVolatile(b, index));
            } catch (RuntimeException e) {
                fail(e);
            }
            try {
                p("long get " + index + " " + (long) J.get(b, index));
            } catch (IndexOutOfBoundsException e) {
                fail(e);
            }
        }
        try {
            I.get(new byte[3], 0);
        } catch (IndexOutOfBoundsException e) {
            fail(e);
        }
        try {
            I.get((byte[]) null, 0);
        } catch (NullPointerException e) {
            fail(e);
        }
        try {
            int x = (int) I.get((Object) "not bytes", 0);
        } catch (ClassCastException e) {
            fail(e);
        }
        for (Class<?> c : new Class<?>[] {byte[].class, boolean[].class, String.class, Object[].class, int.class}) {
            try {
                MethodHandles.byteArrayViewVarHandle(c, ByteOrder.BIG_ENDIAN);
            } catch (RuntimeException e) {
                fail(e);
            }
        }
        try {
            MethodHandles.byteArrayViewVarHandle(int[].class, null);
        } catch (NullPointerException e) {
            fail(e);
        }

        for (Class<?> view : new Class<?>[] {int[].class, long[].class, short[].class, char[].class, float[].class, double[].class}) {
            StringBuilder supported = new StringBuilder();
            for (VarHandle.AccessMode m : VarHandle.AccessMode.values()) {
                supported.append(MethodHandles.byteArrayViewVarHandle(view, ByteOrder.BIG_ENDIAN).isAccessModeSupported(m) ? '+' : '-');
                supported.append(MethodHandles.byteBufferViewVarHandle(view, ByteOrder.LITTLE_ENDIAN).isAccessModeSupported(m) ? '+' : '-');
            }
            p(supported + " " + view.getSimpleName());
        }
        p(I + " | " + I.varType() + " " + I.coordinateTypes() + " | " + I.accessModeType(VarHandle.AccessMode.COMPARE_AND_SET)
                + " | " + J.accessModeType(VarHandle.AccessMode.GET_AND_ADD));
        Object boxed = I.getAndAdd(b, 0, 5);
        long widened = (long) I.get(b, 0);
        double asDouble = (double) I.get(b, 0);
        I.getAndAdd(b, 0, 1);
        p(boxed + " " + boxed.getClass().getName() + " " + widened + " " + asDouble + " " + (int) I.get(b, 0));
        I.set(b, (short) 4, (byte) 9);
        I.set(b, Integer.valueOf(0), Integer.valueOf(77));
        I.set(b, 0, (Object) (short) 78);
        J.set(b, 0, 3);
        J.set(b, 0, 'x');
        p(Arrays.toString(b) + " " + (long) J.get(b, 0) + " " + (Object) J.getAndAdd(b, 0, (byte) 1));
        try {
            I.set(b, 0, (Object) null);
        } catch (NullPointerException e) {
            fail(e);
        }
        try {
            I.set(b, 0, (Object) 5L);
        } catch (ClassCastException e) {
            fail(e);
        }
        try {
            short narrow = (short) I.get(b, 0);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            I.set(b, 0, 2L);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            I.set(b, 0L, 2);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            I.set(b, 0);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }

        VarHandle exact = I.withInvokeExactBehavior();
        p(exact.hasInvokeExactBehavior() + " " + I.hasInvokeExactBehavior() + " " + exact.withInvokeBehavior().hasInvokeExactBehavior() + " " + (exact.withInvokeExactBehavior() == exact));
        exact.set(b, 4, 123);
        p((int) exact.get(b, 4) + " " + exact.compareAndSet(b, 4, 123, 124) + " " + (int) exact.getAndAdd(b, 4, 1));
        try {
            long v = (long) exact.get(b, 4);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            exact.set(b, 4, (short) 1);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            exact.getAndAdd(b, 4, 1);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            Object o = exact.get(b, 4);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
    }
}
