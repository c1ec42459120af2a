// jvmc-check: verdict=violation kind=livelock
// Issue 9, defect 0 (a hang reported as "ok"): two threads both clear a list guarded by
// a hand-written spin lock; the second finds it empty and returns without unlocking.
// main then takes the lock and spins forever, alone. jvmc once ran that spin into its
// per-transition budget, met the same state again and said "ok"; HotSpot hangs. The
// only thread that can run loops forever: a livelock.
import java.util.concurrent.atomic.AtomicBoolean;

public class LivelockLeakedSpinLock {
    static final AtomicBoolean held = new AtomicBoolean();
    static int items = 2;

    static void lock() {
        while (!held.compareAndSet(false, true)) {
        }
    }

    static void unlock() {
        held.set(false);
    }

    static void clear() {
        lock();
        if (items == 0) {
            return; // bug: the lock is never released
        }
        items = 0;
        unlock();
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(LivelockLeakedSpinLock::clear);
        Thread b = new Thread(LivelockLeakedSpinLock::clear);
        a.start();
        b.start();
        a.join();
        b.join();
        lock();
        System.out.println("items=" + items);
        unlock();
    }
}
