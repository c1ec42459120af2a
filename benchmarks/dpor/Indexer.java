import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * indexer(n), the classic DPOR family (Flanagan and Godefroid, POPL 2005; Abdulla et
 * al., POPL 2014): n threads insert 4 messages each into a hash table of 128 slots
 * with compare-and-set and linear probing. Thread tid's messages are 11 * m + tid
 * (m = 1..4), placed at slot (7 * message) mod 128. Up to n = 11 no two messages
 * share a slot and there is one Mazurkiewicz trace; from n = 12 on, each thread tid
 * >= 11 collides with thread tid - 11 at three slots, so there are 2^(3 (n - 11))
 * traces: 8, 64, 512, 4,096 for n = 12..15. Usage: {@code Indexer [n]} (default 12).
 */
public class Indexer {
    static final int SIZE = 128;
    static final int MESSAGES = 4;
    static final AtomicIntegerArray table = new AtomicIntegerArray(SIZE);

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        Thread[] threads = new Thread[n];
        for (int t = 0; t < n; t++) {
            int tid = t;
            threads[t] = new Thread(() -> {
                for (int m = 1; m <= MESSAGES; m++) {
                    int message = 11 * m + tid;
                    int h = (message * 7) % SIZE;
                    while (!table.compareAndSet(h, 0, message)) {
                        h = (h + 1) % SIZE;
                    }
                }
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }
}
