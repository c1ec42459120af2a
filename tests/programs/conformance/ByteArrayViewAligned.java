import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

// Byte-array views of every type in both byte orders at aligned indices: every
// access mode each view supports, with the bytes it leaves behind.
public class ByteArrayViewAligned {
    static void p(Object o) {
        System.out.println(o);
    }

    static void fail(Throwable t) {
        System.out.println(t.getClass().getName() + ": " + t.getMessage());
    }

    public static void main(String[] args) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            p("== " + order);
            ints(MethodHandles.byteArrayViewVarHandle(int[].class, order));
            longs(MethodHandles.byteArrayViewVarHandle(long[].class, order));
            shorts(MethodHandles.byteArrayViewVarHandle(short[].class, order));
            chars(MethodHandles.byteArrayViewVarHandle(char[].class, order));
            floats(MethodHandles.byteArrayViewVarHandle(float[].class, order));
            doubles(MethodHandles.byteArrayViewVarHandle(double[].class, order));
        }
    }

    static void ints(VarHandle vh) {
        byte[] b = new byte[12];
        vh.set(b, 0, 0x01020304);
        vh.setVolatile(b, 4, 0xA0B0C0D0);
        vh.setRelease(b, 8, -2);
        p("ints " + Arrays.toString(b));
        p((int) vh.get(b, 0) + " " + (int) vh.getVolatile(b, 4) + " " + (int) vh.getAcquire(b, 8) + " " + (int) vh.getOpaque(b, 0));
        vh.setOpaque(b, 0, 7);
        p(vh.compareAndSet(b, 0, 7, 8) + " " + vh.compareAndSet(b, 0, 7, 9) + " " + vh.weakCompareAndSetPlain(b, 0, 8, 9) + " " + vh.weakCompareAndSet(b, 0, 9, 10)
                + " " + vh.weakCompareAndSetAcquire(b, 0, 10, 11) + " " + vh.weakCompareAndSetRelease(b, 0, 11, 12) + " " + (int) vh.get(b, 0));
        p((int) vh.compareAndExchange(b, 0, 12, 13) + " " + (int) vh.compareAndExchangeAcquire(b, 0, 0, 14) + " " + (int) vh.compareAndExchangeRelease(b, 0, 13, 14));
        p((int) vh.getAndSet(b, 4, 1) + " " + (int) vh.getAndSetAcquire(b, 4, 2) + " " + (int) vh.getAndSetRelease(b, 4, 3));
        p((int) vh.getAndAdd(b, 4, Integer.MAX_VALUE) + " " + (int) vh.getAndAddAcquire(b, 4, 1) + " " + (int) vh.getAndAddRelease(b, 4, -1) + " " + (int) vh.get(b, 4));
        p((int) vh.getAndBitwiseOr(b, 8, 0x0F) + " " + (int) vh.getAndBitwiseOrAcquire(b, 8, 0x10) + " " + (int) vh.getAndBitwiseOrRelease(b, 8, 0x20));
        p((int) vh.getAndBitwiseAnd(b, 8, 0xFFFF) + " " + (int) vh.getAndBitwiseAndAcquire(b, 8, 0xFF00) + " " + (int) vh.getAndBitwiseAndRelease(b, 8, 0xF000));
        p((int) vh.getAndBitwiseXor(b, 8, -1) + " " + (int) vh.getAndBitwiseXorAcquire(b, 8, 0x1234) + " " + (int) vh.getAndBitwiseXorRelease(b, 8, 0x1234) + " " + (int) vh.get(b, 8));
        p("ints " + Arrays.toString(b));
    }

    static void longs(VarHandle vh) {
        byte[] b = new byte[24];
        vh.set(b, 0, 0x0102030405060708L);
        vh.setVolatile(b, 8, Long.MIN_VALUE);
        vh.setOpaque(b, 16, -1L);
        p("longs " + Arrays.toString(b));
        p(Long.toHexString((long) vh.get(b, 0)) + " " + (long) vh.getVolatile(b, 8) + " " + (long) vh.getAcquire(b, 16) + " " + (long) vh.getOpaque(b, 16));
        p(vh.compareAndSet(b, 16, -1L, 1L) + " " + vh.weakCompareAndSetPlain(b, 16, 1L, 2L) + " " + (long) vh.compareAndExchangeRelease(b, 16, 2L, 3L) + " " + (long) vh.get(b, 16));
        p((long) vh.getAndAdd(b, 8, -1L) + " " + (long) vh.getAndAddRelease(b, 8, 2L) + " " + (long) vh.getAndSetAcquire(b, 8, 0x00FF00FF00FF00FFL));
        p(Long.toHexString((long) vh.getAndBitwiseXor(b, 8, -1L)) + " " + Long.toHexString((long) vh.getAndBitwiseAndRelease(b, 8, 0xFFFF0000L))
                + " " + Long.toHexString((long) vh.getAndBitwiseOrAcquire(b, 8, 1L)) + " " + Long.toHexString((long) vh.get(b, 8)));
        p("longs " + Arrays.toString(b));
    }

    static void shorts(VarHandle vh) {
        byte[] b = new byte[6];
        vh.set(b, 0, (short) 0x0102);
        vh.setVolatile(b, 2, (short) -3);
        vh.setRelease(b, 4, Short.MIN_VALUE);
        p("shorts " + Arrays.toString(b) + " " + (short) vh.get(b, 0) + " " + (short) vh.getVolatile(b, 2) + " " + (short) vh.getAcquire(b, 4) + " " + (short) vh.getOpaque(b, 4));
        vh.setOpaque(b, 4, (short) 1);
        p((short) vh.get(b, 4));
        try {
            vh.compareAndSet(b, 0, (short) 0x0102, (short) 0);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
        try {
            vh.getAndAdd(b, 0, (short) 1);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
    }

    static void chars(VarHandle vh) {
        byte[] b = new byte[4];
        vh.set(b, 0, 'A');
        vh.setVolatile(b, 2, '\u20AC');
        p("chars " + Arrays.toString(b) + " " + (char) vh.get(b, 0) + " " + (int) (char) vh.getVolatile(b, 2) + " " + (char) vh.getAcquire(b, 0) + " " + (char) vh.getOpaque(b, 0));
        try {
            vh.getAndSet(b, 0, 'B');
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
    }

    static void floats(VarHandle vh) {
        byte[] b = new byte[8];
        vh.set(b, 0, 1.5f);
        vh.setVolatile(b, 4, Float.NaN);
        p("floats " + Arrays.toString(b) + " " + (float) vh.get(b, 0) + " " + (float) vh.getVolatile(b, 4));
        p(vh.compareAndSet(b, 4, Float.NaN, -0.0f) + " " + vh.compareAndSet(b, 4, 0.0f, 1f) + " " + (float) vh.compareAndExchange(b, 4, -0.0f, 2f)
                + " " + vh.weakCompareAndSetRelease(b, 4, 2f, 3f) + " " + (float) vh.getAndSet(b, 4, 4f) + " " + (float) vh.getAcquire(b, 4));
        try {
            vh.getAndAdd(b, 0, 1f);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
    }

    static void doubles(VarHandle vh) {
        byte[] b = new byte[16];
        vh.set(b, 0, Math.PI);
        vh.setRelease(b, 8, -0.0);
        p("doubles " + Arrays.toString(b) + " " + (double) vh.get(b, 0) + " " + (double) vh.getOpaque(b, 8));
        p(vh.compareAndSet(b, 8, 0.0, 1.0) + " " + vh.compareAndSet(b, 8, -0.0, 1.0) + " " + (double) vh.compareAndExchangeAcquire(b, 8, 1.0, 2.0)
                + " " + (double) vh.getAndSetRelease(b, 8, Double.NEGATIVE_INFINITY) + " " + (double) vh.getVolatile(b, 8));
        try {
            vh.getAndBitwiseOr(b, 0, 1.0);
        } catch (UnsupportedOperationException e) {
            fail(e);
        }
    }
}
