/**
 * A buggy variation of RwLockListSet (the POR paper's Section 5: lock placement
 * changed under a condition): add of an odd key looks for its place under the read
 * lock, releases it, and inserts under the write lock without looking again. Two
 * threads adding the same odd key can then both insert it and both return true, and
 * an add racing with a remove of a neighbour can bring the removed node back. Every
 * other call is RwLockListSet's. A client whose calls include no add of an odd key
 * behaves correctly; each such add is an invocation where the bug can fire.
 */
public class BuggyRwLockListSet extends RwLockListSet {
    /** The condition under which add misplaces its locks. */
    static boolean buggy(int key) {
        return (key & 1) != 0;
    }

    @Override
    public boolean add(int key) {
        if (!buggy(key)) {
            return super.add(key);
        }
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
}
