// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: r1=0 r2=0
// outcome: r1=0 r2=1
// outcome: r1=1 r2=0
// Load buffering (LB): T1: r1=x; y=1  ||  T2: r2=y; x=1. r1=1 r2=1 would need each read to
// see a write that comes after the other read in program order, a cycle, so it is
// forbidden under SC; the other three results are reachable.
public class LitmusLB {
    static volatile int x, y;
    static int r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            r1 = x;
            y = 1;
        });
        Thread t2 = new Thread(() -> {
            r2 = y;
            x = 1;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("r1=" + r1 + " r2=" + r2);
    }
}
