/**
 * The racy counter of the speed benchmark (DESIGN.md "Performance targets"): N threads
 * each increment a shared counter K times without synchronisation; main joins them and
 * asserts nothing, so a full search explores every interleaving. Arguments: N K
 * (default 4 2).
 */
public class RacyCounter {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            threads[i] = new Thread(() -> {
                for (int j = 0; j < k; j++) {
                    count++;
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
