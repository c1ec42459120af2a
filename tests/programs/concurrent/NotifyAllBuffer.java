// jvmc-check: verdict=ok
// outcome: c1=1 c2=2
// outcome: c1=2 c2=1
// The NotifyVsNotifyAll buffer fixed with notifyAll(): every state change wakes all
// waiters and each re-checks its guard, so no wakeup is lost. The producer puts 1 then 2;
// each consumer takes one item, and either consumer may get either item.
public class NotifyAllBuffer {
    static final Object lock = new Object();
    static Integer slot;

    static void put(int v) throws InterruptedException {
        synchronized (lock) {
            while (slot != null) lock.wait();
            slot = v;
            lock.notifyAll();
        }
    }

    static int take() throws InterruptedException {
        synchronized (lock) {
            while (slot == null) lock.wait();
            int v = slot;
            slot = null;
            lock.notifyAll();
            return v;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] got = new int[2];
        Thread p = new Thread(() -> {
            try {
                put(1);
                put(2);
            } catch (InterruptedException e) {
            }
        });
        Thread c1 = new Thread(() -> {
            try {
                got[0] = take();
            } catch (InterruptedException e) {
            }
        });
        Thread c2 = new Thread(() -> {
            try {
                got[1] = take();
            } catch (InterruptedException e) {
            }
        });
        c1.start();
        c2.start();
        p.start();
        p.join();
        c1.join();
        c2.join();
        System.out.println("c1=" + got[0] + " c2=" + got[1]);
    }
}
