import java.lang.reflect.Field;
import java.util.Arrays;
import sun.misc.Unsafe;

// Off-heap memory through sun.misc.Unsafe: typed and unaligned accesses, setMemory,
// copies between raw memory and arrays, reallocation keeping the content, free.
public class UnsafeNativeMemory {
    public static void main(String[] args) throws Exception {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Unsafe u = (Unsafe) f.get(null);
        long a = u.allocateMemory(64);
        u.setMemory(a, 64, (byte) 0);
        u.putInt(a, 0x01020304);
        u.putLong(a + 8, -2L);
        u.putShort(a + 16, (short) -3);
        u.putByte(a + 18, (byte) 0x7f);
        u.putDouble(a + 24, 2.5);
        u.putFloat(a + 32, -1.25f);
        u.putChar(a + 36, 'x');
        System.out.println(u.getInt(a) + " " + u.getLong(a + 8) + " " + u.getShort(a + 16) + " " + u.getByte(a + 18));
        System.out.println(u.getDouble(a + 24) + " " + u.getFloat(a + 32) + " " + u.getChar(a + 36));
        System.out.println("byte 0 (little-endian): " + u.getByte(a) + ", unaligned int at 1: " + Integer.toHexString(u.getInt(a + 1)));
        u.putLong(a + 41, 0x1122334455667788L);
        System.out.println("unaligned long: " + Long.toHexString(u.getLong(a + 41)) + ", int inside: " + Integer.toHexString(u.getInt(a + 44)));
        System.out.println("CAS: " + u.compareAndSwapInt(null, a, 0x01020304, 7) + " " + u.compareAndSwapInt(null, a, 0, 8) + " " + u.getInt(a));
        System.out.println("getAndAdd: " + u.getAndAddInt(null, a, 5) + " then " + u.getInt(a));

        byte[] bytes = new byte[16];
        u.copyMemory(null, a + 8, bytes, Unsafe.ARRAY_BYTE_BASE_OFFSET, 16);
        System.out.println("raw to array: " + Arrays.toString(bytes));
        int[] ints = {10, 20, 30, 40};
        u.copyMemory(ints, Unsafe.ARRAY_INT_BASE_OFFSET, null, a + 48, 16);
        System.out.println("array to raw: " + u.getInt(a + 48) + " " + u.getInt(a + 52) + " " + u.getInt(a + 56) + " " + u.getInt(a + 60));
        u.copyMemory(a + 48, a + 50, 8);
        System.out.println("overlapping copy: " + Integer.toHexString(u.getInt(a + 48)) + " " + Integer.toHexString(u.getInt(a + 52)) + " " + Integer.toHexString(u.getInt(a + 56)));

        long b = u.reallocateMemory(a, 4096);
        System.out.println("after realloc: " + u.getInt(b) + " " + u.getLong(b + 8) + " " + u.getInt(b + 60));
        u.setMemory(b + 64, 4032, (byte) 1);
        long sum = 0;
        for (int i = 0; i < 4096; i += 8) {
            sum += u.getLong(b + i);
        }
        System.out.println("sum " + sum);
        long c = u.reallocateMemory(b, 16);
        System.out.println("shrunk: " + u.getInt(c) + " " + u.getLong(c + 8));
        u.freeMemory(c);
        System.out.println("allocate 0: " + u.allocateMemory(0));
    }
}
