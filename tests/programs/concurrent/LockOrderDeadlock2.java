// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: stateless
// Classic lock-order inversion: t1 locks A then B, t2 locks B then A. If each takes its
// first lock before the other takes its second, both block forever on a monitor (and
// main blocks in join), so no thread can run.
public class LockOrderDeadlock2 {
    static final Object A = new Object();
    static final Object B = new Object();
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            synchronized (A) {
                synchronized (B) {
                    x++;
                }
            }
        });
        Thread t2 = new Thread(() -> {
            synchronized (B) {
                synchronized (A) {
                    x++;
                }
            }
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("x=" + x);
    }
}
