import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.invoke.WrongMethodTypeException;

// Every access mode of instance-field VarHandles over every field type, the modes a
// type lacks (UnsupportedOperationException), read-only handles of final fields, and
// the finder's errors.
public class VarHandleFieldModes {
    int i;
    long l;
    boolean z;
    byte b;
    short s;
    char c;
    float f;
    double d;
    String str;
    Object obj;
    final int fin = 3;
    static int notInstance;

    static void p(Object o) {
        System.out.println(o);
    }

    static void fail(Throwable t) {
        System.out.println(t instanceof NullPointerException ? t.getClass().getName() : t.getClass().getName() + ": " + t.getMessage());
    }

    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        VarHandleFieldModes o = new VarHandleFieldModes();
        VarHandle I = lookup.findVarHandle(VarHandleFieldModes.class, "i", int.class);
        p((int) I.get(o) + " " + (int) I.getAndAdd(o, 5) + " " + (int) I.getAndAddAcquire(o, 5) + " " + (int) I.getAndAddRelease(o, 5) + " " + o.i);
        p(I.compareAndSet(o, 15, 1) + " " + I.compareAndSet(o, 15, 2) + " " + I.weakCompareAndSetPlain(o, 1, 2) + " " + I.weakCompareAndSet(o, 2, 3)
                + " " + I.weakCompareAndSetAcquire(o, 3, 4) + " " + I.weakCompareAndSetRelease(o, 4, 5) + " " + o.i);
        p((int) I.compareAndExchange(o, 5, 6) + " " + (int) I.compareAndExchangeAcquire(o, 6, 7) + " " + (int) I.compareAndExchangeRelease(o, 0, 8) + " " + o.i);
        p((int) I.getAndSet(o, 1) + " " + (int) I.getAndSetAcquire(o, 2) + " " + (int) I.getAndSetRelease(o, 3) + " " + o.i);
        p((int) I.getAndBitwiseOr(o, 12) + " " + (int) I.getAndBitwiseOrAcquire(o, 16) + " " + (int) I.getAndBitwiseOrRelease(o, 32) + " " + o.i);
        p((int) I.getAndBitwiseAnd(o, 0x3C) + " " + (int) I.getAndBitwiseAndAcquire(o, 0x1C) + " " + (int) I.getAndBitwiseAndRelease(o, 0xC) + " " + o.i);
        p((int) I.getAndBitwiseXor(o, 0xFF) + " " + (int) I.getAndBitwiseXorAcquire(o, 1) + " " + (int) I.getAndBitwiseXorRelease(o, 2) + " " + o.i);
        I.setVolatile(o, 10);
        p((int) I.getVolatile(o));
        I.setOpaque(o, 11);
        p((int) I.getOpaque(o));
        I.setRelease(o, 12);
        p((int) I.getAcquire(o));

        VarHandle L = lookup.findVarHandle(VarHandleFieldModes.class, "l", long.class);
        p((long) L.getAndAdd(o, Long.MAX_VALUE) + " " + (long) L.getAndAdd(o, 1L) + " " + o.l + " " + L.compareAndSet(o, Long.MIN_VALUE, 7L)
                + " " + (long) L.getAndBitwiseXor(o, -1L) + " " + o.l);
        VarHandle Z = lookup.findVarHandle(VarHandleFieldModes.class, "z", boolean.class);
        p(Z.compareAndSet(o, false, true) + " " + (boolean) Z.getAndBitwiseXor(o, true) + " " + o.z + " " + (boolean) Z.getAndBitwiseOr(o, true)
                + " " + (boolean) Z.getAndBitwiseAnd(o, false) + " " + (boolean) Z.getAndSet(o, true) + " " + o.z);
        try {
            Z.getAndAdd(o, true);
        } catch (RuntimeException e) {
            fail(e);
        }
        VarHandle B = lookup.findVarHandle(VarHandleFieldModes.class, "b", byte.class);
        p((byte) B.getAndAdd(o, (byte) 127) + " " + (byte) B.getAndAdd(o, (byte) 1) + " " + o.b + " " + B.compareAndSet(o, (byte) -128, (byte) 5)
                + " " + (byte) B.getAndBitwiseOr(o, (byte) 0x70) + " " + o.b);
        VarHandle S = lookup.findVarHandle(VarHandleFieldModes.class, "s", short.class);
        p((short) S.getAndAdd(o, (short) 32767) + " " + (short) S.getAndAdd(o, (short) 1) + " " + o.s + " " + (short) S.compareAndExchange(o, (short) -32768, (short) 9) + " " + o.s);
        VarHandle C = lookup.findVarHandle(VarHandleFieldModes.class, "c", char.class);
        p((int) (char) C.getAndAdd(o, (char) 65535) + " " + (int) (char) C.getAndAdd(o, (char) 2) + " " + (int) o.c + " " + (int) (char) C.getAndSet(o, 'q') + " " + o.c);
        VarHandle F = lookup.findVarHandle(VarHandleFieldModes.class, "f", float.class);
        p((float) F.getAndAdd(o, 1.5f) + " " + F.compareAndSet(o, 1.5f, Float.NaN) + " " + F.compareAndSet(o, Float.NaN, -0.0f) + " " + F.compareAndSet(o, 0.0f, 1f) + " " + o.f);
        try {
            F.getAndBitwiseOr(o, 1f);
        } catch (RuntimeException e) {
            fail(e);
        }
        VarHandle D = lookup.findVarHandle(VarHandleFieldModes.class, "d", double.class);
        p((double) D.getAndAdd(o, 0.25) + " " + (double) D.getAndSet(o, 2.0) + " " + (double) D.compareAndExchange(o, 2.0, 3.0) + " " + o.d);
        VarHandle STR = lookup.findVarHandle(VarHandleFieldModes.class, "str", String.class);
        p(STR.compareAndSet(o, null, "a") + " " + (String) STR.getAndSet(o, "b") + " " + (String) STR.compareAndExchange(o, "b", "c")
                + " " + STR.compareAndSet(o, new String("c"), "d") + " " + o.str);
        try {
            STR.getAndAdd(o, "x");
        } catch (RuntimeException e) {
            fail(e);
        }
        try {
            STR.set(o, (Object) Integer.valueOf(1));
        } catch (RuntimeException e) {
            fail(e);
        }
        VarHandle OBJ = lookup.findVarHandle(VarHandleFieldModes.class, "obj", Object.class);
        OBJ.set(o, 5);
        p(o.obj + " " + o.obj.getClass().getName());
        try {
            I.get((VarHandleFieldModes) null);
        } catch (RuntimeException e) {
            fail(e);
        }
        try {
            I.set((Object) "not the receiver", 1);
        } catch (RuntimeException e) {
            fail(e);
        }

        VarHandle FIN = lookup.findVarHandle(VarHandleFieldModes.class, "fin", int.class);
        p((int) FIN.get(o) + " " + (int) FIN.getVolatile(o));
        for (String mode : new String[] {"set", "cas", "getAndAdd"}) {
            try {
                switch (mode) {
                    case "set" -> FIN.set(o, 4);
                    case "cas" -> FIN.compareAndSet(o, 3, 4);
                    default -> FIN.getAndAdd(o, 1);
                }
            } catch (RuntimeException e) {
                System.out.print(mode + " on final: ");
                fail(e);
            }
        }
        for (String[] q : new String[][] {{"nope", "int"}, {"i", "long"}}) {
            try {
                lookup.findVarHandle(VarHandleFieldModes.class, q[0], q[1].equals("int") ? int.class : long.class);
            } catch (NoSuchFieldException e) {
                fail(e);
            }
        }
        try {
            lookup.findVarHandle(VarHandleFieldModes.class, "notInstance", int.class);
        } catch (IllegalAccessException e) {
            p(e.getClass().getName());
        }

        for (VarHandle h : new VarHandle[] {I, FIN, Z, F, STR, OBJ}) {
            StringBuilder supported = new StringBuilder();
            for (VarHandle.AccessMode m : VarHandle.AccessMode.values()) {
                supported.append(h.isAccessModeSupported(m) ? '+' : '-');
            }
            p(supported + " " + h.varType());
        }
        p(I + " | " + I.accessModeType(VarHandle.AccessMode.GET_AND_ADD) + " | " + I.varType() + " " + I.coordinateTypes());
        p(I.hasInvokeExactBehavior() + " " + I.withInvokeExactBehavior().hasInvokeExactBehavior() + " " + I.withInvokeExactBehavior().withInvokeBehavior().hasInvokeExactBehavior());
        VarHandle exact = I.withInvokeExactBehavior();
        exact.set(o, 41);
        p((int) exact.getAndAdd(o, 1));
        try {
            long x = (long) exact.get(o);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        Object boxed = I.get(o);
        long widened = (long) I.get(o);
        double wider = (double) I.getAndAdd(o, 0);
        I.getAndAdd(o, 1);
        p(boxed + " " + widened + " " + wider + " " + o.i);
        I.set(o, (short) 7);
        I.set(o, Integer.valueOf(8));
        p(o.i);
        try {
            I.set(o, 9L);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
        try {
            short narrowed = (short) I.get(o);
        } catch (WrongMethodTypeException e) {
            fail(e);
        }
    }
}
