// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: a=1 b=2 seen=0
// outcome: a=1 b=2 seen=1
// t2 joins t1 and then reads a. main starts t2 BEFORE t1: if t2 calls t1.join() before
// t1.start(), join returns at once (a not-yet-started thread is not alive) and t2 may see
// a=0; otherwise join waits for t1's death and t2 sees a=1. Main joins both, so a=1 b=2.
public class JoinOrder {
    static int a, b, seen;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> a = 1);
        Thread t2 = new Thread(() -> {
            try {
                t1.join();
            } catch (InterruptedException e) {
                return;
            }
            seen = a;
            b = 2;
        });
        t2.start();
        t1.start();
        t2.join();
        t1.join();
        assert !t1.isAlive() && !t2.isAlive();
        System.out.println("a=" + a + " b=" + b + " seen=" + seen);
    }
}
