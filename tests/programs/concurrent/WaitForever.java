// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: stateless
// Smallest multi-thread deadlock: a worker waits on a monitor that nobody ever notifies
// and main joins the worker. Every interleaving ends with the worker in wait() and main
// in join(), no thread runnable.
public class WaitForever {
    static final Object lock = new Object();

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                }
            }
        });
        w.start();
        w.join();
        System.out.println("done");
    }
}
