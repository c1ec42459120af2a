import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Issue 10's read-write-lock set: a sorted linked list guarded by one
 * ReentrantReadWriteLock (contains under the read lock, add and remove under the write
 * lock); three threads make four calls in all; main checks the result after the joins.
 */
public class RwLockSortedSet {
    static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    boolean add(int key) {
        rw.writeLock().lock();
        try {
            Node pred = head;
            while (pred.next.key < key) {
                pred = pred.next;
            }
            if (pred.next.key == key) {
                return false;
            }
            pred.next = new Node(key, pred.next);
            return true;
        } finally {
            rw.writeLock().unlock();
        }
    }

    boolean remove(int key) {
        rw.writeLock().lock();
        try {
            Node pred = head;
            while (pred.next.key < key) {
                pred = pred.next;
            }
            if (pred.next.key != key) {
                return false;
            }
            pred.next = pred.next.next;
            return true;
        } finally {
            rw.writeLock().unlock();
        }
    }

    boolean contains(int key) {
        rw.readLock().lock();
        try {
            Node n = head.next;
            while (n.key < key) {
                n = n.next;
            }
            return n.key == key;
        } finally {
            rw.readLock().unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        RwLockSortedSet set = new RwLockSortedSet();
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
