// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: stateless
// Two threads join each other. If both join() calls happen after both threads started,
// neither can terminate before the other: both (and main, joining t1) wait forever. (If a
// join runs before the other thread's start(), it returns at once and all finish.)
public class JoinCycleDeadlock {
    static Thread t1, t2;

    public static void main(String[] args) throws InterruptedException {
        t1 = new Thread(() -> {
            try {
                t2.join();
            } catch (InterruptedException e) {
            }
        });
        t2 = new Thread(() -> {
            try {
                t1.join();
            } catch (InterruptedException e) {
            }
        });
        t1.start();
        t2.start();
        t1.join();
        System.out.println("done");
    }
}
