// jvmc-check: verdict=violation kind=assertion
// One-slot bounded buffer, 2 producers and 2 consumers, notifyAll but `if` instead of
// `while` around wait(). Bad run: C1 and C2 wait on empty; P1 puts and notifyAll wakes
// both; C1 takes the item; C2 returns from wait without re-checking and takes from an
// empty buffer, violating `assert count == 1` in take (or a producer overfills it).
public class BoundedBufferIf {
    static final Object lock = new Object();
    static int count;
    static int item;

    static void put(int v) throws InterruptedException {
        synchronized (lock) {
            if (count == 1) lock.wait();
            assert count == 0 : "put into a full buffer";
            item = v;
            count++;
            lock.notifyAll();
        }
    }

    static int take() throws InterruptedException {
        synchronized (lock) {
            if (count == 0) lock.wait();
            assert count == 1 : "take from an empty buffer";
            count--;
            lock.notifyAll();
            return item;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[4];
        for (int i = 0; i < 2; i++) {
            final int v = i + 1;
            ts[i] = new Thread(() -> {
                try {
                    put(v);
                } catch (InterruptedException e) {
                }
            });
            ts[i + 2] = new Thread(() -> {
                try {
                    take();
                } catch (InterruptedException e) {
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("count=" + count);
    }
}
