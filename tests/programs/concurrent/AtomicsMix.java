// jvmc-check: verdict=ok
// outcome: long=10 winner=A mref=v,true
// outcome: long=10 winner=A mref=w,false
// outcome: long=10 winner=B mref=v,true
// outcome: long=10 winner=B mref=w,false
// outcome: long=11 winner=A mref=v,true
// outcome: long=11 winner=A mref=w,false
// outcome: long=11 winner=B mref=v,true
// outcome: long=11 winner=B mref=w,false
// A: long.addAndGet(1), ref CAS init->A, markable attemptMark(v, true).
// B: long.accumulateAndGet(10, max), ref CAS init->B, markable CAS (v,false)->(w,false).
// Each pair is atomic, so: long is 10 if A's add came first else 11; exactly one ref CAS
// wins; the first markable operation succeeds and makes the other fail. All 8 combos occur.
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicMarkableReference;
import java.util.concurrent.atomic.AtomicReference;

public class AtomicsMix {
    static final AtomicLong along = new AtomicLong();
    static final AtomicReference<String> ref = new AtomicReference<>("init");
    static final String V = "v", W = "w";
    static final AtomicMarkableReference<String> mref = new AtomicMarkableReference<>(V, false);

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> {
            along.addAndGet(1);
            ref.compareAndSet("init", "A");
            mref.attemptMark(V, true);
        });
        Thread b = new Thread(() -> {
            along.accumulateAndGet(10, Math::max);
            ref.compareAndSet("init", "B");
            mref.compareAndSet(V, W, false, false);
        });
        a.start();
        b.start();
        a.join();
        b.join();
        boolean[] mark = new boolean[1];
        String r = mref.get(mark);
        System.out.println("long=" + along.get() + " winner=" + ref.get() + " mref=" + r + "," + mark[0]);
    }
}
