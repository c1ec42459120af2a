/**
 * A shared sorted linked list with a racy insertion, after the "Linked List" program
 * of the CTC (IBM concurrency testing) repository used in the DFS-RB paper
 * (Section 5.1).
 *
 * <p>The original: two threads work on one singly linked list, one adding and one
 * removing elements, and a data race in the list code (a traversal or update made
 * without holding the list's lock) can lose or duplicate elements; the list checked
 * at the end no longer holds what the operations say it should.
 *
 * <p>Our version (written from that description): {@link SortedList} is a singly
 * linked list of ints in ascending order behind a sentinel node, with optimistic
 * operations: a thread searches the list without the lock, then takes the list's
 * monitor, validates that the nodes it found are still linked together (the
 * predecessor is not deleted and still points to the successor), and links or
 * unlinks there; if validation fails it searches again. A removal marks the node
 * deleted and unlinks it, both under the monitor. Main fills the list with the even
 * numbers {@code 0, 2, ..., 2n}. The inserter thread inserts the odd numbers
 * {@code 2n-1, ..., 3, 1} (from the back); the remover thread removes the even numbers
 * above {@code n}, also from the back ({@code 2n, 2n-2, ...}). So the two threads only
 * meet in the upper part of the list, during the inserter's first insertions. After
 * joining both, main asserts that the list holds exactly the odd numbers below
 * {@code 2n} and the even numbers up to {@code n}.
 *
 * <p>Injected race ({@code bug}): {@link SortedList#insert} validates before entering
 * the synchronized block, which was narrowed to the link alone (check-then-act). If
 * the remover deletes the predecessor between the validation and the link, the new
 * node is hung onto a node no longer in the list and is lost (main: "lost 7: [...]");
 * if it deletes the successor, the new node points at the deleted node and brings it
 * back (main: "still holds 8: [...]"). {@code fixed} validates and links in one
 * synchronized block. Since the inserter's later insertions never race, depth-first
 * search must first exhaust their interleavings with the remover.
 *
 * <p>Threads: main, the inserter and the remover (2 besides main, as in the paper).
 * Usage: {@code LinkedListRace [bug|fixed] [n]} (defaults {@code bug 5});
 * recommended: {@code LinkedListRace bug} and {@code LinkedListRace fixed}.
 */
// jvmc-rb: args=bug
// jvmc-rb: args=bug 8
// jvmc-rb: fixed=fixed
public class LinkedListRace {

    static final class Node {
        final int value;
        Node next;
        boolean deleted;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    /** A search result: two adjacent nodes, {@code prev.value < v <= cur.value}. */
    static final class Window {
        final Node prev;
        final Node cur;

        Window(Node prev, Node cur) {
            this.prev = prev;
            this.cur = cur;
        }
    }

    static final class SortedList {
        final boolean buggy;
        final Node head = new Node(Integer.MIN_VALUE, null);

        SortedList(boolean buggy) {
            this.buggy = buggy;
        }

        /**
         * Searches without the lock: the last node whose value is smaller than
         * {@code v} (possibly the sentinel) and the node it pointed to then.
         */
        private Window search(int v) {
            Node prev = head;
            Node cur = prev.next;
            while (cur != null && cur.value < v) {
                prev = cur;
                cur = cur.next;
            }
            return new Window(prev, cur);
        }

        /** Whether {@code prev} is still in the list and still points to {@code cur}. */
        private static boolean valid(Window w) {
            return !w.prev.deleted && w.prev.next == w.cur;
        }

        /** Inserts {@code v} before the first element not smaller than it. */
        void insert(int v) {
            while (true) {
                Window w = search(v);
                if (buggy) {
                    if (valid(w)) { // BUG: validated outside the monitor
                        synchronized (this) {
                            w.prev.next = new Node(v, w.cur);
                        }
                        return;
                    }
                } else {
                    synchronized (this) {
                        if (valid(w)) {
                            w.prev.next = new Node(v, w.cur);
                            return;
                        }
                    }
                }
            }
        }

        /** Removes the node holding {@code v}; returns false if there is none. */
        boolean remove(int v) {
            while (true) {
                Window w = search(v);
                synchronized (this) {
                    if (valid(w)) {
                        if (w.cur == null || w.cur.value != v) {
                            return false;
                        }
                        w.cur.deleted = true;
                        w.prev.next = w.cur.next;
                        return true;
                    }
                }
            }
        }

        synchronized boolean contains(int v) {
            Node cur = search(v).cur;
            return cur != null && cur.value == v;
        }

        synchronized String contents() {
            StringBuilder sb = new StringBuilder("[");
            for (Node n = head.next; n != null; n = n.next) {
                sb.append(n.value);
                if (n.next != null) {
                    sb.append(' ');
                }
            }
            return sb.append(']').toString();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SortedList list = new SortedList(buggy);
        for (int v = 2 * n; v >= 0; v -= 2) {
            list.insert(v);
        }

        Thread inserter = new Thread(() -> {
            for (int v = 2 * n - 1; v > 0; v -= 2) {
                list.insert(v);
            }
        });
        Thread remover = new Thread(() -> {
            for (int v = 2 * n; v > n; v -= 2) {
                boolean removed = list.remove(v);
                assert removed : "could not remove " + v;
            }
        });
        inserter.start();
        remover.start();
        inserter.join();
        remover.join();

        for (int v = 0; v <= 2 * n; v++) {
            boolean expected = v % 2 == 1 || v <= n;
            assert list.contains(v) == expected
                    : (expected ? "lost " : "still holds ") + v + ": " + list.contents();
        }
        System.out.println("LinkedListRace " + (buggy ? "bug" : "fixed") + ": " + list.contents());
    }
}
