// jvmc-check: verdict=violation kind=assertion
// jvmc-check: stateless
// Three threads each do one unsynchronized count++ on an instance field of a shared
// object. Two threads reading the same value loses an update, so count == 3 fails in
// some interleaving (final count may be 1, 2 or 3 under SC).
public class RacyCounter3 {
    int count;

    public static void main(String[] args) throws InterruptedException {
        RacyCounter3 c = new RacyCounter3();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            ts[i] = new Thread(() -> c.count++);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        assert c.count == 3 : "lost update: count=" + c.count;
        System.out.println("count=" + c.count);
    }
}
