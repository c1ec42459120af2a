// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: stateless
// Missed notification: the waiter tests the flag outside the lock with `if`, then waits.
// If the notifier sets the flag and notifies between the test and the wait(), the notify
// is lost and the waiter (and main, joining it) block forever.
public class MissedNotify {
    static final Object lock = new Object();
    static boolean flag;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            if (!flag) {
                synchronized (lock) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        Thread notifier = new Thread(() -> {
            synchronized (lock) {
                flag = true;
                lock.notify();
            }
        });
        waiter.start();
        notifier.start();
        waiter.join();
        notifier.join();
        System.out.println("done");
    }
}
