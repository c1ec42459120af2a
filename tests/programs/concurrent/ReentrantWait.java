// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: value=7 inner=true outer=false
// The worker holds the monitor twice (nested synchronized) and waits: wait() releases
// every hold, so the notifier can enter, set value and notify. On wakeup the worker holds
// the monitor again with its full count: still held after leaving the inner block only.
public class ReentrantWait {
    static final Object lock = new Object();
    static int value;
    static boolean inner, outer;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            synchronized (lock) {
                synchronized (lock) {
                    while (value == 0) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    seen = value;
                }
                inner = Thread.holdsLock(lock);
            }
            outer = Thread.holdsLock(lock);
        });
        Thread notifier = new Thread(() -> {
            synchronized (lock) {
                value = 7;
                lock.notify();
            }
        });
        worker.start();
        notifier.start();
        worker.join();
        notifier.join();
        System.out.println("value=" + seen + " inner=" + inner + " outer=" + outer);
    }
}
