/**
 * readers(n), the classic DPOR family (Abdulla et al., POPL 2014): one writer and n
 * readers of one variable. The readers are independent of each other, so there are
 * 2^n Mazurkiewicz traces of the threads' bodies (each reader before or after the
 * write). Usage: {@code Readers [n]} (default 3).
 */
public class Readers {
    static volatile int x;
    static int[] seen;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        seen = new int[n];
        Thread[] threads = new Thread[n + 1];
        threads[0] = new Thread(() -> x = 1);
        for (int i = 0; i < n; i++) {
            int k = i;
            threads[i + 1] = new Thread(() -> seen[k] = x);
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }
}
