/**
 * Issue 10's array example: two threads write the two halves of one int[n] (disjoint
 * elements), main joins both and then reads every element. The reads after the joins
 * conflict with every write, but happen after them on every path. Argument: n
 * (default 32).
 */
public class ArrayHalves {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        int[] a = new int[n];
        Thread t1 = new Thread(() -> { for (int i = 0; i < n / 2; i++) a[i] = i + 1; });
        Thread t2 = new Thread(() -> { for (int i = n / 2; i < n; i++) a[i] = i + 1; });
        t1.start(); t2.start(); t1.join(); t2.join();
        int sum = 0;
        for (int i = 0; i < n; i++) sum += a[i];
        assert sum == n * (n + 1) / 2;
    }
}
