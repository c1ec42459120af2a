import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.concurrent.atomic.LongAdder;

// covers: java.util.concurrent.atomic.AtomicBoolean.*
// covers: java.util.concurrent.atomic.AtomicInteger.*
// covers: java.util.concurrent.atomic.AtomicLong.*
// covers: java.util.concurrent.atomic.AtomicReference.*
// covers: java.util.concurrent.atomic.AtomicIntegerArray.*
// covers: java.util.concurrent.atomic.AtomicLongArray.*
// covers: java.util.concurrent.atomic.AtomicReferenceArray.*
// covers: java.util.concurrent.atomic.AtomicIntegerFieldUpdater.*
// covers: java.util.concurrent.atomic.AtomicIntegerFieldUpdater$AtomicIntegerFieldUpdaterImpl.*
// covers: java.util.concurrent.atomic.AtomicLongFieldUpdater.*
// covers: java.util.concurrent.atomic.AtomicLongFieldUpdater$CASUpdater.*
// covers: java.util.concurrent.atomic.AtomicReferenceFieldUpdater.*
// covers: java.util.concurrent.atomic.AtomicReferenceFieldUpdater$AtomicReferenceFieldUpdaterImpl.*
// covers: java.util.concurrent.atomic.LongAdder.{add,increment,decrement}
public class LinAtomics {
    static final class Fields {
        volatile int i;
        volatile long l;
        volatile String s = "a";

        @Override
        public String toString() {
            return i + "," + l + "," + s;
        }
    }

    static final AtomicIntegerFieldUpdater<Fields> I = AtomicIntegerFieldUpdater.newUpdater(Fields.class, "i");
    static final AtomicLongFieldUpdater<Fields> L = AtomicLongFieldUpdater.newUpdater(Fields.class, "l");
    static final AtomicReferenceFieldUpdater<Fields, String> S = AtomicReferenceFieldUpdater.newUpdater(Fields.class, String.class, "s");

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        Lin.<AtomicInteger>of("AtomicInteger", AtomicInteger::new, Object::toString)
            .thread(a -> a.getAndIncrement(), a -> a.compareAndSet(1, 10), a -> a.addAndGet(5), a -> a.getAndUpdate(x -> x * 3))
            .thread(a -> a.incrementAndGet(), a -> a.getAndSet(3), a -> a.accumulateAndGet(2, Math::max), a -> a.compareAndExchange(6, 7))
            .check();
        Lin.<AtomicInteger>of("AtomicInteger plain", AtomicInteger::new, Object::toString)
            .thread(a -> { a.set(4); return "set"; }, a -> a.decrementAndGet(), a -> a.getAndAdd(2))
            .thread(a -> { a.lazySet(9); return "lazySet"; }, a -> a.get(), a -> a.getAndDecrement(), a -> a.updateAndGet(x -> x - 1))
            .check();
        Lin.<AtomicLong>of("AtomicLong", AtomicLong::new, Object::toString)
            .thread(a -> a.getAndIncrement(), a -> a.compareAndSet(1, 10), a -> a.addAndGet(5), a -> a.getAndAccumulate(4, Long::sum))
            .thread(a -> a.incrementAndGet(), a -> a.getAndSet(3), a -> a.updateAndGet(x -> x * 2), a -> a.decrementAndGet())
            .check();
        Lin.<AtomicBoolean>of("AtomicBoolean", AtomicBoolean::new, Object::toString)
            .thread(a -> a.compareAndSet(false, true), a -> a.get())
            .thread(a -> a.getAndSet(true), a -> { a.set(false); return "set"; })
            .check();
        Lin.<AtomicReference<String>>of("AtomicReference", () -> new AtomicReference<>("a"), Object::toString)
            .thread(a -> a.compareAndSet("a", "b"), a -> a.getAndUpdate(x -> x + "1"))
            .thread(a -> a.getAndSet("c"), a -> a.accumulateAndGet("2", String::concat))
            .check();
        Lin.<AtomicIntegerArray>of("AtomicIntegerArray", () -> new AtomicIntegerArray(2), Object::toString)
            .thread(a -> a.getAndIncrement(0), a -> a.compareAndSet(1, 1, 5), a -> a.addAndGet(1, 2))
            .thread(a -> a.incrementAndGet(1), a -> a.getAndSet(0, 3), a -> a.updateAndGet(0, x -> x * 2))
            .check();
        Lin.<AtomicLongArray>of("AtomicLongArray", () -> new AtomicLongArray(2), Object::toString)
            .thread(a -> a.getAndIncrement(0), a -> a.compareAndSet(1, 1, 5), a -> a.addAndGet(1, 2))
            .thread(a -> a.incrementAndGet(1), a -> a.getAndSet(0, 3), a -> a.accumulateAndGet(0, 7, Math::max))
            .check();
        Lin.<AtomicReferenceArray<String>>of("AtomicReferenceArray", () -> new AtomicReferenceArray<>(new String[] {"a", "b"}), Object::toString)
            .thread(a -> a.compareAndSet(0, "a", "c"), a -> a.getAndUpdate(1, x -> x + "1"))
            .thread(a -> a.getAndSet(1, "d"), a -> a.get(0))
            .check();
        Lin.<Fields>of("field updaters", Fields::new, Object::toString)
            .thread(f -> I.getAndIncrement(f), f -> L.compareAndSet(f, 0, 4), f -> S.compareAndSet(f, "a", "b"), f -> I.updateAndGet(f, x -> x * 5))
            .thread(f -> I.compareAndSet(f, 0, 2), f -> L.getAndAdd(f, 3), f -> S.getAndUpdate(f, x -> x + "1"), f -> L.incrementAndGet(f))
            .check();
        Lin.<LongAdder>of("LongAdder", LongAdder::new, a -> a.sum())
            .thread(a -> { a.increment(); return "inc"; }, a -> { a.add(5); return "add"; })
            .thread(a -> { a.decrement(); return "dec"; }, a -> { a.add(2); return "add"; })
            .check();
    }
}
