import java.util.ArrayDeque;

/**
 * A user-written sequential specification of a FIFO queue of integers, for
 * `--linearizability QueueSpec:CLASS`: poll on an empty queue returns null.
 */
public class QueueSpec {
    private final ArrayDeque<Integer> items = new ArrayDeque<>();

    public boolean offer(int x) {
        return items.offer(x);
    }

    public Integer poll() {
        return items.poll();
    }

    @Override
    public String toString() {
        return items.toString();
    }
}
