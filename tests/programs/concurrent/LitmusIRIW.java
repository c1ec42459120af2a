// jvmc-check: verdict=ok
// outcome: r1=0 r2=0 r3=0 r4=0
// outcome: r1=0 r2=0 r3=0 r4=1
// outcome: r1=0 r2=0 r3=1 r4=0
// outcome: r1=0 r2=0 r3=1 r4=1
// outcome: r1=0 r2=1 r3=0 r4=0
// outcome: r1=0 r2=1 r3=0 r4=1
// outcome: r1=0 r2=1 r3=1 r4=0
// outcome: r1=0 r2=1 r3=1 r4=1
// outcome: r1=1 r2=0 r3=0 r4=0
// outcome: r1=1 r2=0 r3=0 r4=1
// outcome: r1=1 r2=0 r3=1 r4=1
// outcome: r1=1 r2=1 r3=0 r4=0
// outcome: r1=1 r2=1 r3=0 r4=1
// outcome: r1=1 r2=1 r3=1 r4=0
// outcome: r1=1 r2=1 r3=1 r4=1
// Independent reads of independent writes (IRIW), 4 threads: T1: x=1 || T2: y=1 ||
// T3: r1=x; r2=y || T4: r3=y; r4=x. Under SC the two writes are totally ordered, so the
// readers cannot disagree on their order: r1=1 r2=0 r3=1 r4=0 is forbidden; the other 15
// combinations are reachable.
public class LitmusIRIW {
    static volatile int x, y;
    static int r1, r2, r3, r4;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> x = 1);
        Thread t2 = new Thread(() -> y = 1);
        Thread t3 = new Thread(() -> {
            r1 = x;
            r2 = y;
        });
        Thread t4 = new Thread(() -> {
            r3 = y;
            r4 = x;
        });
        t1.start();
        t2.start();
        t3.start();
        t4.start();
        t1.join();
        t2.join();
        t3.join();
        t4.join();
        System.out.println("r1=" + r1 + " r2=" + r2 + " r3=" + r3 + " r4=" + r4);
    }
}
