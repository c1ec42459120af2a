// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: got=42
// Correct guarded wait: the consumer re-checks the condition in a while loop while
// holding the lock; the producer sets value and ready under the same lock and notifies.
// Whichever runs first, the consumer ends with 42 and nothing blocks forever.
public class WaitNotifyHandshake {
    static final Object lock = new Object();
    static boolean ready;
    static int value;
    static int got;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            synchronized (lock) {
                while (!ready) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                got = value;
            }
        });
        Thread producer = new Thread(() -> {
            synchronized (lock) {
                value = 42;
                ready = true;
                lock.notify();
            }
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("got=" + got);
    }
}
