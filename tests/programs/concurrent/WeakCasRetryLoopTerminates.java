// jvmc-check: verdict=ok
// outcome: count=2
// Issue 9, defect 2 (the other side): a weak CAS in a retry loop may fail spuriously any
// number of times, but not forever (every time it is tried it can succeed): the loop
// is no livelock, and both increments land.
import java.util.concurrent.atomic.AtomicInteger;

public class WeakCasRetryLoopTerminates {
    static final AtomicInteger count = new AtomicInteger();

    static void increment() {
        int v;
        do {
            v = count.get();
        } while (!count.weakCompareAndSetVolatile(v, v + 1));
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(WeakCasRetryLoopTerminates::increment);
        t.start();
        increment();
        t.join();
        System.out.println("count=" + count.get());
    }
}
