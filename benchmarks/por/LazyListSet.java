import java.util.concurrent.locks.ReentrantLock;

/**
 * POR benchmark structure: the lazy list set of Heller, Herlihy, Luchangco, Moir,
 * Scherer and Shavit. A sorted linked list with one ReentrantLock per node: add and
 * remove traverse without locks, lock pred and curr, validate that both are unmarked
 * and still adjacent (retrying otherwise), and remove deletes logically (marked) before
 * unlinking. contains is wait-free: one traversal, no locks. Two sentinels (MIN_VALUE
 * head, MAX_VALUE tail), so keys must lie strictly between them.
 */
public class LazyListSet implements IntSet {
    static final class Node {
        final int key;
        volatile Node next;
        volatile boolean marked;
        final ReentrantLock lock = new ReentrantLock();

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    private static boolean validate(Node pred, Node curr) {
        return !pred.marked && !curr.marked && pred.next == curr;
    }

    @Override
    public boolean add(int key) {
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            pred.lock.lock();
            try {
                curr.lock.lock();
                try {
                    if (validate(pred, curr)) {
                        if (curr.key == key) {
                            return false;
                        }
                        pred.next = new Node(key, curr);
                        return true;
                    }
                } finally {
                    curr.lock.unlock();
                }
            } finally {
                pred.lock.unlock();
            }
        }
    }

    @Override
    public boolean remove(int key) {
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            pred.lock.lock();
            try {
                curr.lock.lock();
                try {
                    if (validate(pred, curr)) {
                        if (curr.key != key) {
                            return false;
                        }
                        curr.marked = true;
                        pred.next = curr.next;
                        return true;
                    }
                } finally {
                    curr.lock.unlock();
                }
            } finally {
                pred.lock.unlock();
            }
        }
    }

    @Override
    public boolean contains(int key) {
        Node curr = head;
        while (curr.key < key) {
            curr = curr.next;
        }
        return curr.key == key && !curr.marked;
    }

    /** Not thread-safe: for the final printout, once all threads have been joined. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (Node n = head.next; n.next != null; n = n.next) {
            if (!n.marked) {
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                sb.append(n.key);
            }
        }
        return sb.append(']').toString();
    }
}
