// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: count=1
// outcome: count=2
// Two threads each do one unsynchronized count++ and nobody asserts; the final value is
// 2 if the increments do not overlap and 1 if both read 0 before either writes. Checks
// that the racy interleaving is explored (both outcomes must appear).
public class RacyCounterOutcomes {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> count++);
        Thread t2 = new Thread(() -> count++);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("count=" + count);
    }
}
