// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: x=1 y=2
// outcome: x=2 y=1
// outcome: x=2 y=2
// 2+2W: T1: x=1; y=2  ||  T2: y=1; x=2; main prints the final values. Final x=1 y=1 would
// need x=2 < x=1 < y=2 < y=1 < x=2 in the SC total order (a cycle), so it is forbidden;
// the other three final states are reachable.
public class Litmus2plus2W {
    static volatile int x, y;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            x = 1;
            y = 2;
        });
        Thread t2 = new Thread(() -> {
            y = 1;
            x = 2;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("x=" + x + " y=" + y);
    }
}
