/**
 * lastzero(n), the classic DPOR family (Abdulla et al., POPL 2014): thread 0 searches
 * an array of n + 1 zeros backwards for the last zero while threads 1..n each set
 * {@code a[j] = a[j - 1] + 1}. Usage: {@code LastZero [n]} (default 3).
 */
public class LastZero {
    static int[] a;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        a = new int[n + 1];
        Thread[] threads = new Thread[n + 1];
        threads[0] = new Thread(() -> {
            int i = n;
            while (a[i] != 0) i--;
        });
        for (int j = 1; j <= n; j++) {
            int k = j;
            threads[j] = new Thread(() -> a[k] = a[k - 1] + 1);
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }
}
