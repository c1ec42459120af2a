// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: saw\ny=3
// outcome: y=2
// outcome: y=3
// t1 sees y = 3 only after t2's y = x + 2 and then t0's y = y + 1, both under L1.
// The empty nested block keeps a scheduling point inside t2's, so t2 runs in two
// steps, the second of which releases L1. t0's acquire-and-write then races latest
// with that release, which it can never precede: a search that reversed only that
// race never ran t2, t0, t1 in this order (dpor and sdpor under --sched shared).
public class NestedMonitorRace {
    static int x, y;
    static final Object L1 = new Object(), L2 = new Object();

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(() -> {
            synchronized (L1) {
                y = y + 1;
            }
        });
        Thread t1 = new Thread(() -> {
            if (y > 2) {
                System.out.println("saw");
            }
        });
        Thread t2 = new Thread(() -> {
            synchronized (L1) {
                y = x + 2;
                synchronized (L2) {
                }
            }
        });
        t0.start();
        t1.start();
        t2.start();
        t0.join();
        t1.join();
        t2.join();
        System.out.println("y=" + y);
    }
}
