import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Issue 10's producer/consumer: a one-slot buffer guarded by a ReentrantLock with two
 * Conditions; P producers put one item each, one consumer takes them all; main joins
 * and asserts the sum. Arguments: P (default 2, so 3 threads).
 */
public class ConditionBuffer {
    static final ReentrantLock lock = new ReentrantLock();
    static final Condition notFull = lock.newCondition();
    static final Condition notEmpty = lock.newCondition();
    static Integer slot;

    static void put(int v) throws InterruptedException {
        lock.lock();
        try {
            while (slot != null) {
                notFull.await();
            }
            slot = v;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    static int take() throws InterruptedException {
        lock.lock();
        try {
            while (slot == null) {
                notEmpty.await();
            }
            int v = slot;
            slot = null;
            notFull.signal();
            return v;
        } finally {
            lock.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int producers = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int[] sum = new int[1];
        Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < producers; i++) {
                    sum[0] += take();
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        Thread[] threads = new Thread[producers];
        for (int i = 0; i < producers; i++) {
            int v = i + 1;
            threads[i] = new Thread(() -> {
                try {
                    put(v);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
        }
        consumer.start();
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        consumer.join();
        assert sum[0] == producers * (producers + 1) / 2 : "sum " + sum[0];
    }
}
