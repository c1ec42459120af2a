/**
 * A buggy variation of LazyListSet (the POR paper's Section 5: lock placement changed
 * under a condition): add of an odd key locks only pred, and inserts without
 * validating that pred is unmarked and still points to curr. Two threads adding the
 * same odd key can both insert it (the second overwrites pred.next) and both return
 * true, and an add after a concurrent remove of pred inserts into an unlinked node.
 * Every other call is LazyListSet's. A client whose calls include no add of an odd
 * key behaves correctly; each such add is an invocation where the bug can fire.
 */
public class BuggyLazyListSet extends LazyListSet {
    /** The condition under which add misplaces its locks. */
    static boolean buggy(int key) {
        return (key & 1) != 0;
    }

    @Override
    public boolean add(int key) {
        if (!buggy(key)) {
            return super.add(key);
        }
        Node pred = head;
        Node curr = pred.next;
        while (curr.key < key) {
            pred = curr;
            curr = curr.next;
        }
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
}
