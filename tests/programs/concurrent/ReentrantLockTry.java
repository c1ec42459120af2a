// jvmc-check: verdict=ok
// outcome: count=11 tryLock=true
// outcome: count=1 tryLock=false
// ReentrantLock: T1 locks twice (reentrant, hold count 2), adds 1, unlocks twice. T2 calls
// tryLock(): it fails exactly when T1 holds the lock at that moment (then T2 adds nothing),
// otherwise T2 adds 10 under the lock. Increments are never lost.
import java.util.concurrent.locks.ReentrantLock;

public class ReentrantLockTry {
    static final ReentrantLock lock = new ReentrantLock();
    static int count;
    static boolean acquired;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            lock.lock();
            try {
                lock.lock();
                try {
                    assert lock.getHoldCount() == 2 && lock.isHeldByCurrentThread();
                    count += 1;
                } finally {
                    lock.unlock();
                }
            } finally {
                lock.unlock();
            }
        });
        Thread t2 = new Thread(() -> {
            if (lock.tryLock()) {
                try {
                    acquired = true;
                    count += 10;
                } finally {
                    lock.unlock();
                }
            }
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert !lock.isLocked();
        System.out.println("count=" + count + " tryLock=" + acquired);
    }
}
