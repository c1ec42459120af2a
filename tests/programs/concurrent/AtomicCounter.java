// jvmc-check: verdict=ok
// outcome: a=0 b=1 c=2
// outcome: a=0 b=2 c=1
// outcome: a=1 b=0 c=2
// outcome: a=1 b=2 c=0
// outcome: a=2 b=0 c=1
// outcome: a=2 b=1 c=0
// Three threads each call getAndIncrement on one AtomicInteger and record the value they
// got. The CAS loop is atomic, so the three results are a permutation of {0,1,2} (all 6
// orders are possible) and the final value is 3.
import java.util.concurrent.atomic.AtomicInteger;

public class AtomicCounter {
    static final AtomicInteger counter = new AtomicInteger();
    static int a, b, c;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> a = counter.getAndIncrement());
        Thread t2 = new Thread(() -> b = counter.getAndIncrement());
        Thread t3 = new Thread(() -> c = counter.getAndIncrement());
        t1.start();
        t2.start();
        t3.start();
        t1.join();
        t2.join();
        t3.join();
        assert counter.get() == 3;
        System.out.println("a=" + a + " b=" + b + " c=" + c);
    }
}
