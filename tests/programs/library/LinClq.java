import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

// covers: java.util.concurrent.ConcurrentLinkedQueue.{remove,contains}
/**
 * `ConcurrentLinkedQueue.remove(Object)` and `contains` racing with `offer`, `poll` and
 * each other (library-calls.md, "Checked"). Both traverse the list from the head while
 * other threads unlink dead nodes and append; each scenario has an element that stays
 * in the queue throughout, which a traversal must not miss.
 */
public class LinClq {
    static Supplier<ConcurrentLinkedQueue<Integer>> holding(int... values) {
        return () -> {
            ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
            for (int v : values) {
                q.add(v);
            }
            return q;
        };
    }

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        Lin.<ConcurrentLinkedQueue<Integer>>of("ConcurrentLinkedQueue remove(Object)", holding(1, 2), Object::toString)
            .thread(q -> q.remove(1), q -> q.offer(3))
            .thread(q -> q.remove(2), q -> q.remove(3))
            .check();
        Lin.<ConcurrentLinkedQueue<Integer>>of("ConcurrentLinkedQueue contains", holding(1, 2, 3), Object::toString)
            .thread(q -> q.contains(3), q -> q.contains(2))
            .thread(q -> q.remove(2), q -> q.remove(1))
            .thread(q -> q.poll(), q -> q.offer(4))
            .check();
        Lin.<ConcurrentLinkedQueue<Integer>>of("ConcurrentLinkedQueue remove and append", holding(1, 2), Object::toString)
            .thread(q -> q.remove(1), q -> q.offer(5), q -> q.remove(5))
            .thread(q -> q.remove(2), q -> q.offer(6))
            .thread(q -> q.contains(2), q -> q.contains(6))
            .check();
    }
}
