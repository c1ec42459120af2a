import java.util.concurrent.locks.ReentrantLock;

/**
 * A buggy variation of LazyListSet (the POR paper's Section 5: lock placement changed
 * under a condition): add of an odd key locks only pred, and inserts without
 * validating that pred is unmarked and still points to curr. Two threads adding the
 * same odd key can both insert it (the second overwrites pred.next) and both return
 * true, and an add after a concurrent remove of pred inserts into an unlinked node.
 * Every other call is LazyListSet's. A client whose calls include no add of an odd
 * key behaves correctly; each such add is an invocation where the bug can fire.
 */
public class BuggyLazyListSet implements IntSet {
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

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    /** The condition under which add misplaces its locks. */
    static boolean buggy(int key) {
        return (key & 1) != 0;
    }

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
            if (buggy(key)) {
                if (curr.key == key) {
                    return false;
                }
                pred.lock.lock();
                try {
                    pred.next = new Node(key, curr);
                    return true;
                } finally {
                    pred.lock.unlock();
                }
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
