// jvmc-check: verdict=ok
// outcome: was=true now=false
// The worker parks until it is interrupted (LockSupport.park returns on interrupt without
// clearing the status, and may return spuriously, hence the loop). Thread.interrupted()
// then returns true and clears the flag, so isInterrupted() is false afterwards.
import java.util.concurrent.locks.LockSupport;

public class InterruptPark {
    static boolean was, now;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                LockSupport.park();
            }
            was = Thread.interrupted();
            now = Thread.currentThread().isInterrupted();
        });
        w.start();
        w.interrupt();
        w.join();
        System.out.println("was=" + was + " now=" + now);
    }
}
