import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.invoke.WrongMethodTypeException;

// Static-field VarHandles: every access mode over every type, class initialisation
// when the handle is made, read-only handles of static finals, exact behaviour.
public class VarHandleStaticModes {
    static class Holder {
        static int i = init("Holder.i", 100);
        static long l;
        static boolean z;
        static byte b;
        static short s;
        static char c = 'a';
        static float f;
        static double d;
        static String str = "start";
        static final long FIXED = System.nanoTime() > 0 ? 5L : 6L;
    }

    static int init(String what, int v) {
        System.out.println("initialising " + what);
        return v;
    }

    static void p(Object o) {
        System.out.println(o);
    }

    static void fail(Throwable t) {
        System.out.println(t.getClass().getName() + ": " + t.getMessage());
    }

    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        p("before findStaticVarHandle");
        VarHandle I = lookup.findStaticVarHandle(Holder.class, "i", int.class);
        p("after findStaticVarHandle");
        p((int) I.get() + " " + (int) I.getAndAdd(1) + " " + (int) I.getAndAddAcquire(2) + " " + (int) I.getAndAddRelease(3) + " " + Holder.i);
        p(I.compareAndSet(106, 0) + " " + I.compareAndSet(106, 1) + " " + I.weakCompareAndSetPlain(0, 1) + " " + I.weakCompareAndSet(1, 2)
                + " " + I.weakCompareAndSetAcquire(2, 3) + " " + I.weakCompareAndSetRelease(3, 4) + " " + Holder.i);
        p((int) I.compareAndExchange(4, 5) + " " + (int) I.compareAndExchangeAcquire(0, 6) + " " + (int) I.compareAndExchangeRelease(5, 6) + " " + Holder.i);
        p((int) I.getAndSet(-1) + " " + (int) I.getAndSetAcquire(-2) + " " + (int) I.getAndSetRelease(0xF0) + " " + Holder.i);
        p((int) I.getAndBitwiseOr(0x0F) + " " + (int) I.getAndBitwiseAndAcquire(0x3C) + " " + (int) I.getAndBitwiseXorRelease(0x55) + " " + Holder.i);
        I.setVolatile(1);
        I.setOpaque((int) I.getVolatile() + 1);
        I.setRelease((int) I.getOpaque() + 1);
        p((int) I.getAcquire() + " " + Holder.i);

        VarHandle L = lookup.findStaticVarHandle(Holder.class, "l", long.class);
        p((long) L.getAndAdd(-1L) + " " + (long) L.getAndBitwiseAnd(0xFFFFL) + " " + L.compareAndSet(0xFFFFL, 1L << 40) + " " + Holder.l);
        VarHandle Z = lookup.findStaticVarHandle(Holder.class, "z", boolean.class);
        p((boolean) Z.getAndBitwiseOr(true) + " " + Z.compareAndSet(true, false) + " " + (boolean) Z.getAndSetAcquire(true) + " " + Holder.z);
        VarHandle B = lookup.findStaticVarHandle(Holder.class, "b", byte.class);
        p((byte) B.getAndAdd((byte) -2) + " " + (byte) B.getAndBitwiseXor((byte) 0x0F) + " " + Holder.b);
        VarHandle S = lookup.findStaticVarHandle(Holder.class, "s", short.class);
        p((short) S.getAndAdd((short) 1000) + " " + (short) S.compareAndExchangeRelease((short) 1000, (short) -1) + " " + Holder.s);
        VarHandle C = lookup.findStaticVarHandle(Holder.class, "c", char.class);
        p((char) C.getAndAdd((char) 1) + " " + (char) C.getAndBitwiseAnd((char) 0xDF) + " " + Holder.c);
        VarHandle F = lookup.findStaticVarHandle(Holder.class, "f", float.class);
        p((float) F.getAndAdd(0.1f) + " " + (float) F.getAndAdd(0.2f) + " " + Holder.f + " " + F.weakCompareAndSetPlain(Holder.f, 1f) + " " + Holder.f);
        VarHandle D = lookup.findStaticVarHandle(Holder.class, "d", double.class);
        p((double) D.getAndAddAcquire(Double.MAX_VALUE) + " " + (double) D.getAndAddRelease(Double.MAX_VALUE) + " " + Holder.d);
        VarHandle STR = lookup.findStaticVarHandle(Holder.class, "str", String.class);
        p((String) STR.getAndSet("next") + " " + STR.compareAndSet("next", "last") + " " + (String) STR.compareAndExchangeAcquire("nope", "x") + " " + Holder.str);
        try {
            STR.getAndBitwiseOr("x");
        } catch (UnsupportedOperationException e) {
            fail(e);
        }

        VarHandle FIXED = lookup.findStaticVarHandle(Holder.class, "FIXED", long.class);
        p((long) FIXED.get() + " " + (long) FIXED.getAcquire());
        try {
            FIXED.set(1L);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
        try {
            FIXED.getAndAdd(1L);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
        try {
            lookup.findStaticVarHandle(Holder.class, "missing", int.class);
        } catch (NoSuchFieldException e) {
            fail(e);
        }

        p(I + " | " + I.accessModeType(VarHandle.AccessMode.COMPARE_AND_SET) + " | " + I.coordinateTypes());
        VarHandle exact = I.withInvokeExactBehavior();
        exact.set(50);
        p((int) exact.get() + " " + exact.compareAndSet(50, 51) + " " + Holder.i);
        try {
            exact.set((short) 1);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            Object o = exact.getAndAdd(1);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        Object o = I.getAndAdd(1);
        long widened = (long) I.get();
        p(o + " " + widened);
    }
}
