// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: alive=true
// The worker cannot finish before main sets `go`, which main does only after a timed
// join(50): that join must return by timeout with the worker still alive; then main
// releases the worker and joins it for good. No deadlock: a timed join always returns.
public class TimedJoin {
    static final Object lock = new Object();
    static boolean go;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            synchronized (lock) {
                while (!go) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        w.start();
        w.join(50);
        boolean alive = w.isAlive();
        synchronized (lock) {
            go = true;
            lock.notifyAll();
        }
        w.join();
        System.out.println("alive=" + alive);
    }
}
