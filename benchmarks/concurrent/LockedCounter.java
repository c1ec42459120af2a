import java.util.concurrent.locks.ReentrantLock;

/**
 * Issue 10's first measurement: N threads each do `lock(); count++; unlock()` K times
 * on one ReentrantLock; main joins them and asserts the count. With every CAS, spin
 * and park inside AQS a scheduling point this explodes; with library calls as atomic
 * steps it is a handful of states. Arguments: N K (default 3 1).
 */
public class LockedCounter {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        ReentrantLock lock = new ReentrantLock();
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            threads[i] = new Thread(() -> {
                for (int j = 0; j < k; j++) {
                    lock.lock();
                    try {
                        count++;
                    } finally {
                        lock.unlock();
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assert count == n * k : "lost an update: " + count;
    }
}
