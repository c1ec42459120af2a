// jvmc-check: verdict=ok
// jvmc-check: options=--timeouts any
// outcome: counted=true
// outcome: counted=false
// Issue 9, defect 4: --timeouts any keeps the old behaviour: every timed wait may time
// out, so latch.await(1, DAYS) may return false before the count-down.
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

public class TimeoutsAnyLetsADayTimeOut {
    public static void main(String[] args) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        Thread t = new Thread(latch::countDown);
        t.start();
        boolean counted = latch.await(1, TimeUnit.DAYS);
        t.join();
        System.out.println("counted=" + counted);
    }
}
