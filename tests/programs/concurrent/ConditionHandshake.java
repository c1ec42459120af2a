// jvmc-check: verdict=ok
// outcome: got=42
// ReentrantLock + Condition: the consumer thread awaits in a while loop until `ready`;
// main (the producer) sets value/ready under the lock and signals. await releases the lock
// and re-acquires it before returning, so no signal is lost and the consumer gets 42.
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

public class ConditionHandshake {
    static final ReentrantLock lock = new ReentrantLock();
    static final Condition readyCond = lock.newCondition();
    static boolean ready;
    static int value, got;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            lock.lock();
            try {
                while (!ready) readyCond.await();
                got = value;
            } catch (InterruptedException e) {
                got = -1;
            } finally {
                lock.unlock();
            }
        });
        consumer.start();
        lock.lock();
        try {
            value = 42;
            ready = true;
            readyCond.signal();
        } finally {
            lock.unlock();
        }
        consumer.join();
        System.out.println("got=" + got);
    }
}
