// jvmc-check: verdict=ok
// outcome: x=1 r1=1 r2=1
// outcome: x=1 r1=1 r2=2
// outcome: x=2 r1=1 r2=2
// outcome: x=2 r1=2 r2=2
// T1: x=1; sleep(1); r1=x  ||  T2: x=2; yield(); r2=x. sleep and yield are scheduling
// points but change nothing else. Under SC: r1=2 r2=1 is impossible (whichever write is
// last is seen by the reader that comes after it), and the final x matches the last write.
public class SleepYieldRace {
    static volatile int x;
    static int r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            x = 1;
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
            r1 = x;
        });
        Thread t2 = new Thread(() -> {
            x = 2;
            Thread.yield();
            r2 = x;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("x=" + x + " r1=" + r1 + " r2=" + r2);
    }
}
