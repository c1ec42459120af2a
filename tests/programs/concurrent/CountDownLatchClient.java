// jvmc-check: verdict=ok
// outcome: sum=3 count=0
// Two workers write a and b and count down a CountDownLatch(2); main awaits it and reads
// before joining. await returns only after both countDowns, and countDown happens-before the
// return of await, so main always sees a=1 and b=2 and the count 0.
import java.util.concurrent.CountDownLatch;

public class CountDownLatchClient {
    static final CountDownLatch latch = new CountDownLatch(2);
    static int a, b;

    public static void main(String[] args) throws InterruptedException {
        Thread w1 = new Thread(() -> {
            a = 1;
            latch.countDown();
        });
        Thread w2 = new Thread(() -> {
            b = 2;
            latch.countDown();
        });
        w1.start();
        w2.start();
        latch.await();
        int sum = a + b;
        long count = latch.getCount();
        w1.join();
        w2.join();
        System.out.println("sum=" + sum + " count=" + count);
    }
}
