// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: r1=0 r2=1
// outcome: r1=1 r2=0
// outcome: r1=1 r2=1
// Store buffering (SB / Dekker litmus): T1: x=1; r1=y  ||  T2: y=1; r2=x. Under sequential
// consistency one of the writes comes first in the total order, so r1=0 r2=0 is forbidden;
// the other three results are all reachable. Fields are volatile so Java itself is SC here.
public class LitmusSB {
    static volatile int x, y;
    static int r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            x = 1;
            r1 = y;
        });
        Thread t2 = new Thread(() -> {
            y = 1;
            r2 = x;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("r1=" + r1 + " r2=" + r2);
    }
}
