import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * POR benchmark structure: a lock-free (CAS-based) internal binary search tree set of
 * ints. Child links are AtomicReferences; add links a new leaf by a CAS on the null
 * child it found (re-reading the link when the CAS fails). Nodes are never unlinked:
 * each holds an AtomicBoolean "present", remove flips it true->false by CAS and adding
 * a key whose node exists flips it false->true. Since the tree only grows, every key
 * has at most one node and each operation linearises at its single successful or
 * failed CAS (contains at its read of the flag, or of the null link where it stops).
 */
public class CasBstSet implements IntSet {
    static final class Node {
        final int key;
        final AtomicReference<Node> left = new AtomicReference<>();
        final AtomicReference<Node> right = new AtomicReference<>();
        final AtomicBoolean present = new AtomicBoolean(true);

        Node(int key) {
            this.key = key;
        }
    }

    private final AtomicReference<Node> root = new AtomicReference<>();

    /** The node of key, or null (a read of a null link on its search path). */
    private Node find(int key) {
        Node n = root.get();
        while (n != null && n.key != key) {
            n = key < n.key ? n.left.get() : n.right.get();
        }
        return n;
    }

    @Override
    public boolean add(int key) {
        AtomicReference<Node> link = root;
        Node fresh = null;
        while (true) {
            Node n = link.get();
            if (n == null) {
                if (fresh == null) {
                    fresh = new Node(key);
                }
                if (link.compareAndSet(null, fresh)) {
                    return true;
                }
                // Lost the race for this link: re-read it and descend from there.
            } else if (key < n.key) {
                link = n.left;
            } else if (key > n.key) {
                link = n.right;
            } else {
                // Fails exactly when the key is present.
                return n.present.compareAndSet(false, true);
            }
        }
    }

    @Override
    public boolean remove(int key) {
        Node n = find(key);
        // Fails exactly when the key is absent.
        return n != null && n.present.compareAndSet(true, false);
    }

    @Override
    public boolean contains(int key) {
        Node n = find(key);
        return n != null && n.present.get();
    }

    /** Not thread-safe: for the final printout, once all threads have been joined. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        inorder(root.get(), sb);
        return sb.append(']').toString();
    }

    private static void inorder(Node n, StringBuilder sb) {
        if (n == null) {
            return;
        }
        inorder(n.left.get(), sb);
        if (n.present.get()) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(n.key);
        }
        inorder(n.right.get(), sb);
    }
}
