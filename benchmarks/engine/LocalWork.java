/**
 * Data that only one thread uses, though every thread can reach it: two workers each
 * fill their own row of a shared array with n values and sum it, then add the sum to
 * a shared total under a lock. With every access a scheduling point
 * ({@code --sched all}), the DPOR engine's every-access marker makes a choice point at
 * each write and read of a row; the data-race marker (sharing found on the fly) leaves
 * them {@code Maybe}, since only one thread ever touches a row, and makes choice
 * points only where the workers meet. Prints the total. Usage:
 * {@code LocalWork [n]} (default 4).
 */
public class LocalWork {
    static final Object lock = new Object();
    static int[][] rows;
    static int total;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        rows = new int[2][n];
        Thread[] workers = new Thread[2];
        for (int w = 0; w < workers.length; w++) {
            int[] row = rows[w];
            int base = w * 100;
            workers[w] = new Thread(() -> {
                for (int k = 0; k < row.length; k++) row[k] = base + k;
                int sum = 0;
                for (int v : row) sum += v;
                synchronized (lock) {
                    total += sum;
                }
            });
        }
        for (Thread t : workers) t.start();
        for (Thread t : workers) t.join();
        System.out.println(total);
    }
}
