// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: woke=true
// The worker does a single timed wait(50) while another thread may notify before or
// after it starts waiting. If the notify comes first it is lost, but the timed wait still
// returns when the timeout expires: never a deadlock, and the worker always finishes.
public class WaitTimeout {
    static final Object lock = new Object();
    static boolean woke;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait(50);
                } catch (InterruptedException e) {
                    return;
                }
                woke = true;
            }
        });
        Thread notifier = new Thread(() -> {
            synchronized (lock) {
                lock.notify();
            }
        });
        waiter.start();
        notifier.start();
        waiter.join();
        notifier.join();
        System.out.println("woke=" + woke);
    }
}
