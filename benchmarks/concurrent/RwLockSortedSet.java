/**
 * Issue 10's read-write-lock set: a client of the POR benchmark's RwLockListSet (a
 * sorted linked list guarded by one ReentrantReadWriteLock: contains under the read
 * lock, add and remove under the write lock). Three threads make four calls in all;
 * main checks the result after the joins. Compile with the structure:
 * `javac -d OUT -sourcepath benchmarks/por benchmarks/concurrent/RwLockSortedSet.java`.
 */
public class RwLockSortedSet {
    public static void main(String[] args) throws InterruptedException {
        IntSet set = new RwLockListSet();
        boolean[] r = new boolean[4];
        Thread a = new Thread(() -> {
            r[0] = set.add(1);
            r[1] = set.remove(2);
        });
        Thread b = new Thread(() -> r[2] = set.add(2));
        Thread c = new Thread(() -> r[3] = set.contains(1));
        a.start();
        b.start();
        c.start();
        a.join();
        b.join();
        c.join();
        assert r[0] : "add(1) on a set without 1";
        assert set.contains(1) : "1 was added and never removed";
        assert set.contains(2) != r[1] : "2 is present exactly when remove(2) ran before add(2)";
    }
}
