// jvmc-check: verdict=ok
// outcome: s=0 a=1 b=1
// outcome: s=1 a=1 b=1
// outcome: s=2 a=1 b=1
// A ReentrantLock taken and released inside one step leaves its state and owner as
// it found them: t1 and t2 increment different fields under it, t3 sums both under it.
// Partial-order reduction may count the lock's fields as read by t1 and t2
// (`restored.rs`) and so let their increments commute, but t3's sum still sees 0, 1
// or 2 of them.
import java.util.concurrent.locks.ReentrantLock;

public class RestoredLockState {
    static final class Cell {
        int a;
        int b;
        int s = -1;
    }

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Cell c = new Cell();
        Thread t1 = new Thread(() -> {
            lock.lock();
            try {
                c.a++;
            } finally {
                lock.unlock();
            }
        });
        Thread t2 = new Thread(() -> {
            lock.lock();
            try {
                c.b++;
            } finally {
                lock.unlock();
            }
        });
        Thread t3 = new Thread(() -> {
            lock.lock();
            try {
                c.s = c.a + c.b;
            } finally {
                lock.unlock();
            }
        });
        t1.start();
        t2.start();
        t3.start();
        t1.join();
        t2.join();
        t3.join();
        System.out.println("s=" + c.s + " a=" + c.a + " b=" + c.b);
    }
}
