import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * POR benchmark structure: a thin wrapper over java.util.concurrent.ConcurrentLinkedQueue
 * of Integers (the Michael-Scott lock-free queue). add offers, remove() polls (NONE when
 * the queue is empty), remove(int) removes one occurrence by value. Elements must be
 * non-negative.
 */
public class ClqSet {
    public static final int NONE = -1;

    private final ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();

    public boolean add(int value) {
        return queue.offer(value);
    }

    /** Polls the head; NONE when the queue is empty. */
    public int remove() {
        Integer head = queue.poll();
        return head == null ? NONE : head;
    }

    public boolean remove(int value) {
        return queue.remove(Integer.valueOf(value));
    }

    /** Not linearizable: for the final check, once all threads have been joined. */
    public int[] toArray() {
        int[] out = new int[queue.size()];
        Iterator<Integer> it = queue.iterator();
        for (int i = 0; i < out.length; i++) {
            out[i] = it.next();
        }
        return out;
    }

    @Override
    public String toString() {
        return queue.toString();
    }
}
