import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * POR benchmark structure: a coarse-grained sorted linked-list set of ints. One
 * ReentrantReadWriteLock guards the whole list: contains runs under the read lock,
 * add and remove under the write lock. The list has two sentinels (MIN_VALUE head,
 * MAX_VALUE tail), so keys must lie strictly between them.
 */
public class RwLockListSet implements IntSet {
    static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));
    final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    @Override
    public boolean add(int key) {
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
