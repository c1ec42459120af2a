// jvmc-check: verdict=violation kind=deadlock
// Three threads lock pairs of monitors in a cyclic order (L0->L1, L1->L2, L2->L0). When
// all three hold their first lock, each waits for the next thread's lock: a 3-cycle in the
// waits-for graph, i.e. a deadlock. Any two-thread subset alone cannot deadlock.
public class LockOrderDeadlock3 {
    static final Object[] locks = {new Object(), new Object(), new Object()};
    static int x;

    static void work(int i) {
        synchronized (locks[i]) {
            synchronized (locks[(i + 1) % 3]) {
                x++;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            ts[i] = new Thread(() -> work(id));
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("x=" + x);
    }
}
