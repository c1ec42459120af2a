// jvmc-check: verdict=ok
// outcome: count=2
// Two threads each increment a shared counter once under a ReentrantLock (lock/unlock
// in try/finally). The lock makes each increment atomic, so count is always 2 and the
// lock is free at the end; contention exercises the AQS queue (park/unpark).
import java.util.concurrent.locks.ReentrantLock;

public class ReentrantLockCounter {
    static final ReentrantLock lock = new ReentrantLock();
    static int count;

    static void increment() {
        lock.lock();
        try {
            count++;
        } finally {
            lock.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) ts[i] = new Thread(ReentrantLockCounter::increment);
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        assert !lock.isLocked() && !lock.hasQueuedThreads();
        System.out.println("count=" + count);
    }
}
