// jvmc-check: verdict=ok
// outcome: counted=true
// Issue 9, defect 4: with the default --timeouts (waits of up to 1 s may time out) a
// latch.await(1, DAYS) ends only when the latch is counted down, as its author meant.
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

public class TimedAwaitOfADayNeverTimesOut {
    public static void main(String[] args) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        Thread t = new Thread(latch::countDown);
        t.start();
        boolean counted = latch.await(1, TimeUnit.DAYS);
        t.join();
        System.out.println("counted=" + counted);
    }
}
