// jvmc-check: verdict=violation kind=deadlock
// One-slot buffer, one producer putting 2 items, two consumers taking 1 each, guarded by
// while-loops but woken with notify(). Bad run: both consumers wait; the producer puts
// item 1, notifies C1, then waits (full); C1 takes and its notify wakes C2 instead of the
// producer; C2 finds the slot empty and waits again -> producer and C2 wait forever.
public class NotifyVsNotifyAll {
    static final Object lock = new Object();
    static Integer slot;

    static void put(int v) throws InterruptedException {
        synchronized (lock) {
            while (slot != null) lock.wait();
            slot = v;
            lock.notify();
        }
    }

    static int take() throws InterruptedException {
        synchronized (lock) {
            while (slot == null) lock.wait();
            int v = slot;
            slot = null;
            lock.notify();
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
