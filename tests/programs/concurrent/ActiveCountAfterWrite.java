// jvmc-check: verdict=ok
// outcome: x=0 active=1
// outcome: x=0 active=2
// outcome: x=1 active=1
// outcome: x=1 active=2
// A thread's termination leaves its thread group, which activeCount() reads: main can
// read the thread's last write and still count it. (A termination joins the thread's
// last transition only while nobody observes terminations without blocking; this
// observation makes them steps of their own again: termination.rs.)
public class ActiveCountAfterWrite {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        int n = Thread.activeCount();
        System.out.println("x=" + r + " active=" + n);
        t.join();
    }
}
