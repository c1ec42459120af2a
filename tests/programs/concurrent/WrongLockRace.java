// jvmc-check: verdict=violation kind=assertion
// jvmc-check: stateless
// BUGGY locking: one thread increments the static counter in a synchronized instance
// method (locks the object), the other in a static synchronized method (locks the Class).
// Different monitors give no mutual exclusion, so an increment can be lost: count == 2 fails.
public class WrongLockRace {
    static int count;

    synchronized void incInstance() {
        count++;
    }

    static synchronized void incStatic() {
        count++;
    }

    public static void main(String[] args) throws InterruptedException {
        WrongLockRace obj = new WrongLockRace();
        Thread t1 = new Thread(obj::incInstance);
        Thread t2 = new Thread(WrongLockRace::incStatic);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "lost update: count=" + count;
        System.out.println("count=" + count);
    }
}
