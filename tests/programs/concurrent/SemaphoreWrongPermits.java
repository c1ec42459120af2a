// jvmc-check: verdict=violation kind=deadlock
// BUGGY client: main waits for "all workers" with acquire(3) on a Semaphore(0), but only
// two workers exist and each releases one permit. After both release, 2 < 3 permits are
// available and nobody else will release: main is parked forever with no runnable thread.
import java.util.concurrent.Semaphore;

public class SemaphoreWrongPermits {
    static final Semaphore done = new Semaphore(0);
    static int a, b;

    public static void main(String[] args) throws InterruptedException {
        Thread w1 = new Thread(() -> {
            a = 1;
            done.release();
        });
        Thread w2 = new Thread(() -> {
            b = 2;
            done.release();
        });
        w1.start();
        w2.start();
        done.acquire(3);
        System.out.println("sum=" + (a + b));
    }
}
