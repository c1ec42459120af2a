// jvmc-check: verdict=violation kind=assertion
// A write that leaves its location as it found it still orders against a real one:
// t2 reads the field and writes 0 into it, which changes nothing when it runs first,
// and t1 writes 1. Run t2 then t1 and the field ends at 1, which the assertion
// forbids. Partial-order reduction counts t2's write as a read when it restores the
// value (`restored.rs`); the read still conflicts with t1's write, so the search must
// try t2 first.
public class RestoredWriteOrder {
    static final class Cell {
        int x;
    }

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Cell c = new Cell();
        Thread t1 = new Thread(() -> {
            synchronized (lock) {
                c.x = 1;
            }
        });
        Thread t2 = new Thread(() -> {
            synchronized (lock) {
                c.x = 0;
            }
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert c.x == 0 : "t2 ran before t1";
    }
}
