// jvmc-check: verdict=ok
// outcome: moved=false first=1 tail=9
// outcome: moved=true first=1 tail=9
// Regression test for off-heap memory outside the model checker's state (issue 9):
// allocation, reallocation and free through sun.misc.Unsafe must be undone on
// backtracking. One thread moves a 16-byte block to a 64-byte one and writes its
// tail; main increments the block's first int under the same lock, before or after
// the move (both must be seen, and the increment must never be lost or doubled).
import java.lang.reflect.Field;
import sun.misc.Unsafe;

public class OffHeapFreeRealloc {
    static final Object lock = new Object();
    static long current;

    public static void main(String[] args) throws Exception {
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Unsafe u = (Unsafe) f.get(null);
        long first = u.allocateMemory(16);
        u.setMemory(first, 16, (byte) 0);
        current = first;
        Thread mover = new Thread(() -> {
            synchronized (lock) {
                long moved = u.reallocateMemory(current, 64);
                u.setMemory(moved + 16, 48, (byte) 0);
                u.putInt(moved + 40, 9);
                current = moved;
            }
        });
        mover.start();
        boolean moved;
        synchronized (lock) {
            moved = current != first;
            u.putInt(current, u.getInt(current) + 1);
        }
        mover.join();
        System.out.println("moved=" + moved + " first=" + u.getInt(current) + " tail=" + u.getInt(current + 40));
        u.freeMemory(current);
    }
}
