// jvmc-check: verdict=ok
// outcome: count=2 total=12 owner=A
// outcome: count=2 total=12 owner=B
// AtomicIntegerFieldUpdater / AtomicLongFieldUpdater / AtomicReferenceFieldUpdater on
// volatile fields of a shared object: both increments and both adds count (updates are
// atomic CAS loops), and exactly one owner CAS from null succeeds (either thread).
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

public class FieldUpdaters {
    volatile int count;
    volatile long total;
    volatile String owner;

    static final AtomicIntegerFieldUpdater<FieldUpdaters> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(FieldUpdaters.class, "count");
    static final AtomicLongFieldUpdater<FieldUpdaters> TOTAL =
            AtomicLongFieldUpdater.newUpdater(FieldUpdaters.class, "total");
    static final AtomicReferenceFieldUpdater<FieldUpdaters, String> OWNER =
            AtomicReferenceFieldUpdater.newUpdater(FieldUpdaters.class, String.class, "owner");

    public static void main(String[] args) throws InterruptedException {
        FieldUpdaters s = new FieldUpdaters();
        Thread a = new Thread(() -> {
            COUNT.incrementAndGet(s);
            TOTAL.addAndGet(s, 5);
            OWNER.compareAndSet(s, null, "A");
        });
        Thread b = new Thread(() -> {
            COUNT.getAndIncrement(s);
            TOTAL.getAndAdd(s, 7);
            OWNER.compareAndSet(s, null, "B");
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count=" + s.count + " total=" + s.total + " owner=" + s.owner);
    }
}
