// jvmc-check: verdict=ok
// outcome: done
// Issue 9, defect 0 (the other side): main keeps taking and releasing a monitor until a
// worker, which needs that monitor, has set a flag. While main holds it the worker is
// blocked, but it is enabled every time the monitor is free: under strong fairness it
// gets in, so main's loop is not a livelock.
public class MonitorRetakenIsNoLivelock {
    static final Object lock = new Object();
    static boolean flag;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            synchronized (lock) {
                flag = true;
            }
        });
        w.start();
        while (true) {
            synchronized (lock) {
                if (flag) {
                    break;
                }
            }
        }
        w.join();
        System.out.println("done");
    }
}
