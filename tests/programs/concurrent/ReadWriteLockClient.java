// jvmc-check: verdict=ok
// outcome: r=0 upgrade=false x=2
// outcome: r=2 upgrade=false x=2
// ReentrantReadWriteLock: the writer adds 1 twice inside one write-locked section; the
// reader reads x under the read lock, so it never sees the intermediate odd value (0 or 2).
// While holding the read lock, writeLock().tryLock() must fail (no lock upgrade).
import java.util.concurrent.locks.ReentrantReadWriteLock;

public class ReadWriteLockClient {
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static int x;
    static int r = -1;
    static boolean upgrade = true;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            rw.writeLock().lock();
            try {
                x++;
                x++;
            } finally {
                rw.writeLock().unlock();
            }
        });
        Thread reader = new Thread(() -> {
            rw.readLock().lock();
            try {
                int v = x;
                assert v % 2 == 0 : "saw a torn update " + v;
                r = v;
                upgrade = rw.writeLock().tryLock();
            } finally {
                rw.readLock().unlock();
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        assert rw.getReadLockCount() == 0 && !rw.isWriteLocked();
        System.out.println("r=" + r + " upgrade=" + upgrade + " x=" + x);
    }
}
