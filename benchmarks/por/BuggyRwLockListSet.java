import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A buggy variation of RwLockListSet (the POR paper's Section 5: lock placement
 * changed under a condition): add of an odd key looks for its place under the read
 * lock, releases it, and inserts under the write lock without looking again. Two
 * threads adding the same odd key can then both insert it and both return true, and
 * an add racing with a remove of a neighbour can unlink a node. Every other call is
 * RwLockListSet's. A client whose calls include no add of an odd key behaves
 * correctly; each such add is an invocation where the bug can fire.
 */
public class BuggyRwLockListSet implements IntSet {
    static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    /** The condition under which add misplaces its locks. */
    static boolean buggy(int key) {
        return (key & 1) != 0;
    }

    @Override
    public boolean add(int key) {
        if (buggy(key)) {
            Node pred;
            Node curr;
            lock.readLock().lock();
            try {
                pred = head;
                curr = pred.next;
                while (curr.key < key) {
                    pred = curr;
                    curr = curr.next;
                }
                if (curr.key == key) {
                    return false;
                }
            } finally {
                lock.readLock().unlock();
            }
            lock.writeLock().lock();
            try {
                pred.next = new Node(key, curr);
                return true;
            } finally {
                lock.writeLock().unlock();
            }
        }
        lock.writeLock().lock();
        try {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (curr.key == key) {
                return false;
            }
            pred.next = new Node(key, curr);
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public boolean remove(int key) {
        lock.writeLock().lock();
        try {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (curr.key != key) {
                return false;
            }
            pred.next = curr.next;
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public boolean contains(int key) {
        lock.readLock().lock();
        try {
            Node curr = head.next;
            while (curr.key < key) {
                curr = curr.next;
            }
            return curr.key == key;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public String toString() {
        lock.readLock().lock();
        try {
            StringBuilder sb = new StringBuilder("[");
            for (Node n = head.next; n.next != null; n = n.next) {
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                sb.append(n.key);
            }
            return sb.append(']').toString();
        } finally {
            lock.readLock().unlock();
        }
    }
}
