// jvmc-check: verdict=ok
// outcome: result=interrupted flag=false holds=true
// The worker waits on a monitor forever (nobody notifies); main interrupts it. wait()
// throws InterruptedException (at once if the interrupt came first), after re-acquiring
// the monitor (holds=true) and with the interrupt status cleared. Not a deadlock.
public class InterruptWait {
    static final Object lock = new Object();
    static String result = "none";
    static boolean flag = true;
    static boolean holds;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            synchronized (lock) {
                try {
                    while (true) {
                        lock.wait();
                    }
                } catch (InterruptedException e) {
                    flag = Thread.currentThread().isInterrupted();
                    holds = Thread.holdsLock(lock);
                    result = "interrupted";
                }
            }
        });
        w.start();
        w.interrupt();
        w.join();
        System.out.println("result=" + result + " flag=" + flag + " holds=" + holds);
    }
}
