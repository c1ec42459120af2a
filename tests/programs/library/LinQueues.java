import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;

// covers: java.util.concurrent.ConcurrentLinkedQueue.{offer,add,poll,peek}
// covers: java.util.concurrent.LinkedBlockingQueue.{offer,add,poll,peek,put,take,remove,element,size,isEmpty,remainingCapacity}
// covers: java.util.concurrent.ArrayBlockingQueue.{offer,add,poll,peek,put,take,remove,element,size,isEmpty,remainingCapacity}
// covers: java.util.concurrent.LinkedBlockingDeque.{offer,add,poll,peek,put,take,push,pop,element,offerFirst,offerLast,addFirst,addLast,pollFirst,pollLast,peekFirst,peekLast,putFirst,putLast,takeFirst,takeLast,getFirst,getLast,removeFirst,removeLast}
public class LinQueues {
    /** `take` in the sequential runs: waits while the queue is empty. */
    static Object takeSeq(BlockingQueue<Integer> q) {
        return q.isEmpty() ? Lin.blocked() : q.poll();
    }

    /** `put` in the sequential runs: waits while the queue is full. */
    static Object putSeq(BlockingQueue<Integer> q, int v) {
        return q.remainingCapacity() == 0 ? Lin.blocked() : q.offer(v);
    }

    static void blockingQueue(String name, Supplier<BlockingQueue<Integer>> fresh) throws InterruptedException {
        Lin.<BlockingQueue<Integer>>of(name + " offer/poll", fresh, Object::toString)
            .thread(q -> q.offer(1), q -> q.poll())
            .thread(q -> q.add(2), q -> q.peek())
            .check();
        Lin.<BlockingQueue<Integer>>of(name + " put/take", fresh, Object::toString)
            .thread(Lin.blocking(q -> { q.put(1); return "put"; }, q -> putSeq(q, 1) == Boolean.TRUE ? "put" : "?"))
            .thread(Lin.blocking(BlockingQueue::take, LinQueues::takeSeq), q -> q.size())
            .check();
        Lin.<BlockingQueue<Integer>>of(name + " remove/element", () -> {
                BlockingQueue<Integer> q = fresh.get();
                q.add(7);
                return q;
            }, Object::toString)
            .thread(q -> q.remove(), q -> q.isEmpty())
            .thread(q -> q.element(), q -> q.remove(7))
            .check();
        Lin.<BlockingQueue<Integer>>of(name + " full", () -> {
                BlockingQueue<Integer> q = fresh.get();
                q.add(7);
                q.add(8);
                return q;
            }, Object::toString)
            .thread(Lin.blocking(q -> { q.put(9); return "put"; }, q -> putSeq(q, 9) == Boolean.TRUE ? "put" : "?"))
            .thread(q -> q.remainingCapacity(), q -> q.poll())
            .check();
    }

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        {
            Lin.<ConcurrentLinkedQueue<Integer>>of("ConcurrentLinkedQueue", ConcurrentLinkedQueue::new, Object::toString)
                .thread(q -> q.offer(1), q -> q.poll())
                .thread(q -> q.add(2), q -> q.peek())
                .check();
        }
        {
            blockingQueue("LinkedBlockingQueue", () -> new LinkedBlockingQueue<>(2));
        }
        {
            blockingQueue("ArrayBlockingQueue", () -> new ArrayBlockingQueue<>(2));
        }
        {
            Supplier<LinkedBlockingDeque<Integer>> two = () -> {
                LinkedBlockingDeque<Integer> d = new LinkedBlockingDeque<>(3);
                d.add(5);
                d.add(6);
                return d;
            };
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque ends", two, Object::toString)
                .thread(d -> d.offerFirst(1), d -> d.pollLast())
                .thread(d -> d.offerLast(2), d -> d.peekFirst())
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque stack", two, Object::toString)
                .thread(d -> { d.push(1); return "push"; }, d -> d.pop())
                .thread(d -> { d.addFirst(2); return "addFirst"; }, d -> d.getLast())
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque queue", two, Object::toString)
                .thread(d -> d.offer(1), d -> d.removeFirst())
                .thread(d -> { d.addLast(2); return "addLast"; }, d -> d.peekLast())
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque get", two, Object::toString)
                .thread(d -> d.getFirst(), d -> d.removeLast())
                .thread(d -> d.element())
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque takeFirst", LinkedBlockingDeque::new, Object::toString)
                .thread(Lin.blocking(d -> { d.putFirst(1); return "put"; }, d -> { d.addFirst(1); return "put"; }))
                .thread(Lin.blocking(LinkedBlockingDeque::takeFirst, d -> d.isEmpty() ? Lin.blocked() : d.pollFirst()))
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque takeLast", LinkedBlockingDeque::new, Object::toString)
                .thread(Lin.blocking(d -> { d.putLast(2); return "put"; }, d -> { d.addLast(2); return "put"; }))
                .thread(Lin.blocking(LinkedBlockingDeque::takeLast, d -> d.isEmpty() ? Lin.blocked() : d.pollLast()))
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque take", LinkedBlockingDeque::new, Object::toString)
                .thread(Lin.blocking(d -> { d.put(3); return "put"; }, d -> { d.add(3); return "put"; }))
                .thread(Lin.blocking(LinkedBlockingDeque::take, d -> d.isEmpty() ? Lin.blocked() : d.poll()))
                .check();
            Lin.<LinkedBlockingDeque<Integer>>of("LinkedBlockingDeque poll/add", two, Object::toString)
                .thread(d -> d.add(1), d -> d.pollFirst())
                .thread(d -> d.poll(), d -> d.peek())
                .check();
        }
    }
}
