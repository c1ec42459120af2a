import java.lang.invoke.*;
import java.util.Arrays;

// Array-element VarHandles over every array type: every access mode, bounds, the
// modes a type lacks, ArrayStoreException and casts, exact behaviour and conversions.
public class VarHandleArrayModes {
    static void p(Object o) { System.out.println(o); }
    static String ex(Throwable t) { return t.getClass().getName() + ": " + t.getMessage(); }

    public static void main(String[] args) {
        VarHandle I = MethodHandles.arrayElementVarHandle(int[].class);
        int[] ia = {1, 2, 3};
        p((int) I.getAndAdd(ia, 0, 10) + " " + (int) I.getAndBitwiseOrAcquire(ia, 1, 8) + " " + I.compareAndSet(ia, 2, 3, 30) + " " + I.weakCompareAndSetRelease(ia, 2, 30, 31) + " " + Arrays.toString(ia));
        for (int idx : new int[]{-1, 3, Integer.MIN_VALUE}) {
            try { I.getVolatile(ia, idx); } catch (RuntimeException e) { p(ex(e)); }
            try { I.compareAndExchange(ia, idx, 0, 1); } catch (RuntimeException e) { p(ex(e)); }
        }
        try { I.get((int[]) null, 0); } catch (NullPointerException e) { p(e.getClass().getName()); }
        try { I.getVolatile((int[]) null, 0); } catch (NullPointerException e) { p(e.getClass().getName()); }
        try { I.get((Object) new long[2], 0); } catch (RuntimeException e) { p(ex(e)); }
        VarHandle J = MethodHandles.arrayElementVarHandle(long[].class);
        long[] ja = new long[2];
        p((long) J.getAndAdd(ja, 1, -1L) + " " + (long) J.getAndBitwiseXorRelease(ja, 1, 0xFFL) + " " + (long) J.compareAndExchangeAcquire(ja, 1, -256L, 5L) + " " + Arrays.toString(ja));
        VarHandle Z = MethodHandles.arrayElementVarHandle(boolean[].class);
        boolean[] za = new boolean[2];
        p((boolean) Z.getAndBitwiseOr(za, 0, true) + " " + (boolean) Z.getAndBitwiseAnd(za, 0, false) + " " + Z.compareAndSet(za, 1, false, true) + " " + Arrays.toString(za));
        try { Z.getAndAdd(za, 0, true); } catch (RuntimeException e) { p(ex(e)); }
        VarHandle B = MethodHandles.arrayElementVarHandle(byte[].class);
        byte[] ba = new byte[2];
        p((byte) B.getAndAdd(ba, 0, (byte) -1) + " " + (byte) B.getAndAdd(ba, 0, (byte) -128) + " " + Arrays.toString(ba));
        VarHandle S = MethodHandles.arrayElementVarHandle(short[].class);
        short[] sa = new short[2];
        p((short) S.getAndSet(sa, 1, (short) 7) + " " + (short) S.getAndBitwiseXorAcquire(sa, 1, (short) -1) + " " + Arrays.toString(sa));
        VarHandle C = MethodHandles.arrayElementVarHandle(char[].class);
        char[] ca = {'a', 'b'};
        p((char) C.getAndAdd(ca, 0, (char) 2) + " " + C.compareAndSet(ca, 1, 'b', 'z') + " " + new String(ca));
        VarHandle F = MethodHandles.arrayElementVarHandle(float[].class);
        float[] fa = {1f, Float.NaN};
        p((float) F.getAndAddAcquire(fa, 0, 0.5f) + " " + F.compareAndSet(fa, 1, Float.NaN, 2f) + " " + Arrays.toString(fa));
        try { F.getAndBitwiseAnd(fa, 0, 1f); } catch (RuntimeException e) { p(ex(e)); }
        VarHandle D = MethodHandles.arrayElementVarHandle(double[].class);
        double[] da = {0.0, -0.0};
        p(D.compareAndSet(da, 1, 0.0, 1.0) + " " + D.compareAndSet(da, 1, -0.0, 1.0) + " " + (double) D.getAndAddRelease(da, 0, 1e300) + " " + Arrays.toString(da));
        VarHandle STR = MethodHandles.arrayElementVarHandle(String[].class);
        String[] strs = {"a", "b"};
        p(STR.compareAndSet(strs, 0, "a", "x") + " " + (String) STR.getAndSetAcquire(strs, 1, "y") + " " + Arrays.toString(strs));
        try { STR.set(strs, 0, (Object) 1); } catch (RuntimeException e) { p(ex(e)); }
        try { STR.getAndAdd(strs, 0, "z"); } catch (RuntimeException e) { p(ex(e)); }
        VarHandle OBJ = MethodHandles.arrayElementVarHandle(Object[].class);
        Object[] actuallyStrings = new String[2];
        try { OBJ.set(actuallyStrings, 0, 42); } catch (RuntimeException e) { p(ex(e)); }
        OBJ.set(actuallyStrings, 1, "ok");
        p(Arrays.toString(actuallyStrings) + " " + OBJ.compareAndSet(actuallyStrings, 1, "ok", null) + " " + Arrays.toString(actuallyStrings));
        Object[] objs = new Object[1];
        OBJ.set(objs, 0, 3.5);
        p(objs[0].getClass().getName() + " " + OBJ.get(objs, 0));
        try { MethodHandles.arrayElementVarHandle(int.class); } catch (RuntimeException e) { p(ex(e)); }
        p(I + " " + STR.accessModeType(VarHandle.AccessMode.COMPARE_AND_EXCHANGE));
        VarHandle IX = I.withInvokeExactBehavior();
        try { IX.set(ia, 0, (byte) 1); } catch (RuntimeException e) { p(ex(e)); }
        IX.set(ia, 0, 99);
        p((int) IX.get(ia, 0) + " " + IX.hasInvokeExactBehavior() + " " + IX.withInvokeBehavior().hasInvokeExactBehavior());
        long wide = (long) I.getAndAdd(ia, 0, 1);
        I.getAndAdd(ia, 0, 1);
        Object boxed = I.get(ia, 0);
        p(wide + " " + boxed + " " + boxed.getClass().getSimpleName());
        try { short narrow = (short) I.get(ia, 0); } catch (RuntimeException e) { p(ex(e)); }
        try { I.set(ia, 0, 1L); } catch (RuntimeException e) { p(ex(e)); }
        I.set(ia, (short) 1, Integer.valueOf(-4));
        I.set(ia, Integer.valueOf(2), 'c');
        p(Arrays.toString(ia));
    }
}
