/**
 * Not linearizable (`--linearizability queue:RacyQueue`): a bounded array queue whose
 * poll reads the head index and advances it in two steps, so two consumers can both
 * take the same element.
 */
public class RacyQueue {
    private final int[] items = new int[8];
    private volatile int head;
    private volatile int tail;

    public synchronized boolean offer(int x) {
        if (tail == items.length) {
            return false;
        }
        items[tail] = x;
        tail = tail + 1;
        return true;
    }

    public Integer poll() {
        int h = head;
        if (h == tail) {
            return null;
        }
        head = h + 1;
        return items[h];
    }

    public static void main(String[] args) throws Exception {
        RacyQueue q = new RacyQueue();
        q.offer(1);
        q.offer(2);
        Thread a = new Thread(q::poll);
        Thread b = new Thread(q::poll);
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
