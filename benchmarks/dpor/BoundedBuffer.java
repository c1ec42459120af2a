/**
 * bbuf, the bounded buffer of the SDPOR paper's evaluation (Yang et al., SPIN 2008,
 * Table 1): n producers and n consumers share a buffer of two slots guarded by its
 * monitor ({@code synchronized}, {@code wait}, {@code notifyAll}); each producer puts
 * two items, each consumer takes two. Every item is taken exactly once, so main
 * asserts the sum after the joins. Usage: {@code BoundedBuffer [n]} (default 2, so
 * 4 threads as in the paper).
 */
public class BoundedBuffer {
    private final int[] slots = new int[2];
    private int count;
    private int putAt;
    private int takeAt;

    synchronized void put(int v) throws InterruptedException {
        while (count == slots.length) {
            wait();
        }
        slots[putAt] = v;
        putAt = (putAt + 1) % slots.length;
        count++;
        notifyAll();
    }

    synchronized int take() throws InterruptedException {
        while (count == 0) {
            wait();
        }
        int v = slots[takeAt];
        takeAt = (takeAt + 1) % slots.length;
        count--;
        notifyAll();
        return v;
    }

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        BoundedBuffer buffer = new BoundedBuffer();
        int[] taken = new int[n];
        Thread[] threads = new Thread[2 * n];
        for (int i = 0; i < n; i++) {
            int base = 10 * (i + 1);
            threads[i] = new Thread(() -> {
                try {
                    buffer.put(base + 1);
                    buffer.put(base + 2);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            int k = i;
            threads[n + i] = new Thread(() -> {
                try {
                    taken[k] = buffer.take() + buffer.take();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        int sum = 0;
        for (int s : taken) sum += s;
        int expected = 0;
        for (int i = 0; i < n; i++) expected += 2 * 10 * (i + 1) + 3;
        assert sum == expected : "items lost or taken twice: " + sum;
    }
}
