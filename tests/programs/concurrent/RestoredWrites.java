// jvmc-check: verdict=ok
// outcome: sum=0 x=0 after=0
// outcome: sum=0 x=1 after=0
// outcome: sum=1 x=0 after=0
// outcome: sum=1 x=1 after=0
// Writes a transition undoes. t1 sets a field and resets it inside one synchronized
// block; t2 sets another and calls notifyAll (which wakes t5 or nobody); t3 reads both
// under the lock; t4 reads the first without the lock, so it may see the 1 in between;
// t5 waits under the lock for t2's write and then reads the first field, which is 0
// whenever the lock is free. Partial-order reduction counts t1's block as a read of
// the field and the monitor (`restored.rs`), and must still find every outcome.
public class RestoredWrites {
    static final class Cell {
        int x;
        int y;
    }

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Cell c = new Cell();
        int[] seen = {-1, -1, -1};
        Thread t1 = new Thread(() -> {
            synchronized (lock) {
                c.x = 1;
                c.x = 0;
            }
        });
        Thread t2 = new Thread(() -> {
            synchronized (lock) {
                c.y = 1;
                lock.notifyAll();
            }
        });
        Thread t3 = new Thread(() -> {
            synchronized (lock) {
                seen[0] = c.x + c.y;
            }
        });
        Thread t4 = new Thread(() -> seen[1] = c.x);
        Thread t5 = new Thread(() -> {
            synchronized (lock) {
                while (c.y == 0) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                seen[2] = c.x;
            }
        });
        Thread[] all = {t1, t2, t3, t4, t5};
        for (Thread t : all) {
            t.start();
        }
        for (Thread t : all) {
            t.join();
        }
        System.out.println("sum=" + seen[0] + " x=" + seen[1] + " after=" + seen[2]);
    }
}
