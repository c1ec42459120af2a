// jvmc-check: verdict=ok
// outcome: handled=2 sum=3
// Two workers throw; the default uncaught-exception handler (installed by main) counts
// them and adds the number carried in each message. Both exceptions are handled, so there
// is no violation, and the totals do not depend on the order.
import java.util.concurrent.atomic.AtomicInteger;

public class DefaultUncaughtHandler {
    static final AtomicInteger handled = new AtomicInteger();
    static final AtomicInteger sum = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> {
            handled.incrementAndGet();
            sum.addAndGet(Integer.parseInt(e.getMessage()));
        });
        Thread t1 = new Thread(() -> {
            throw new RuntimeException("1");
        });
        Thread t2 = new Thread(() -> {
            throw new RuntimeException("2");
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("handled=" + handled.get() + " sum=" + sum.get());
    }
}
