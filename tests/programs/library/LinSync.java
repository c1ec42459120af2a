import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Semaphore;

// covers: java.util.concurrent.CountDownLatch.{await,countDown,getCount}
// covers: java.util.concurrent.Semaphore.{acquire,acquireUninterruptibly,tryAcquire,release,availablePermits,drainPermits}
// covers: java.util.concurrent.CyclicBarrier.{await,isBroken}
public class LinSync {
    /** A barrier and, for the sequential runs, its arrival count. */
    static final class Barrier {
        final CyclicBarrier barrier = new CyclicBarrier(2);
        int arrived;

        @Override
        public String toString() {
            return "waiting=" + barrier.getNumberWaiting() + ",broken=" + barrier.isBroken();
        }
    }

    static Object acquireSeq(Semaphore s) {
        return s.tryAcquire() ? "acquired" : Lin.blocked();
    }

    public static void main(String[] args) throws Exception {
        Lin.only = args.length > 0 ? args[0] : null;
        Lin.<CountDownLatch>of("CountDownLatch", () -> new CountDownLatch(2), CountDownLatch::getCount)
            .thread(l -> { l.countDown(); return "down"; }, l -> l.getCount(), l -> { l.countDown(); return "down"; })
            .thread(Lin.blocking(l -> { l.await(); return "open"; }, l -> l.getCount() == 0 ? "open" : Lin.blocked()), l -> l.getCount())
            .check();
        Lin.<Semaphore>of("Semaphore acquire", () -> new Semaphore(1), Semaphore::availablePermits)
            .thread(Lin.blocking(s -> { s.acquire(); return "acquired"; }, LinSync::acquireSeq), s -> { s.release(); return "released"; })
            .thread(Lin.blocking(s -> { s.acquireUninterruptibly(); return "acquired"; }, LinSync::acquireSeq), s -> s.availablePermits(),
                    s -> { s.release(); return "released"; })
            .check();
        Lin.<Semaphore>of("Semaphore try", () -> new Semaphore(2), Semaphore::availablePermits)
            .thread(s -> s.tryAcquire(), s -> s.drainPermits())
            .thread(s -> s.tryAcquire(2), s -> { s.release(2); return "released"; })
            .check();
        Lin.<Barrier>of("CyclicBarrier", Barrier::new, Object::toString)
            .thread(Lin.blocking(b -> b.barrier.await(), b -> 1 - b.arrived++), b -> b.barrier.isBroken())
            .thread(Lin.blocking(b -> b.barrier.await(), b -> 1 - b.arrived++))
            .check();
    }
}
