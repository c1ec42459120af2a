// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: 0 0
// outcome: 0 -1
// outcome: -1 -1
// Regression test for off-heap memory outside the model checker's state (issue 9):
// raw Unsafe accesses are scheduling points under every policy, and an unaligned
// 8-byte write conflicts with reads of each word it touches. The writer stores -1
// into bytes 4..11 of a block; main reads the ints at 4 and 8, each before or after.
import java.lang.reflect.Field;
import sun.misc.Unsafe;

public class OffHeapUnsafeRace {
    public static void main(String[] args) throws Exception {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Unsafe u = (Unsafe) f.get(null);
        long a = u.allocateMemory(16);
        u.setMemory(a, 16, (byte) 0);
        Thread w = new Thread(() -> u.putLong(a + 4, -1L));
        w.start();
        int lo = u.getInt(a + 4);
        int hi = u.getInt(a + 8);
        w.join();
        System.out.println(lo + " " + hi);
        u.freeMemory(a);
    }
}
