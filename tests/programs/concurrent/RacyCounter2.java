// jvmc-check: verdict=violation kind=assertion
// jvmc-check: stateless
// Two threads each do one unsynchronized count++ (read, add, write). If both read 0
// before either writes, one update is lost and count ends at 1, so main's assertion
// count == 2 fails in that interleaving.
public class RacyCounter2 {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> count++);
        Thread t2 = new Thread(() -> count++);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "lost update: count=" + count;
        System.out.println("count=" + count);
    }
}
