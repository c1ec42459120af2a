import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Linearizable objects of java.util.concurrent, each used by two threads (args[0]
 * picks one): `map` (map:java.util.concurrent.ConcurrentHashMap), `queue`
 * (queue:java.util.concurrent.ConcurrentLinkedQueue), `counter`
 * (counter:java.util.concurrent.atomic.AtomicInteger), `register`
 * (register:java.util.concurrent.atomic.AtomicReference); `unmodelled` calls
 * ConcurrentHashMap.merge, which the map specification does not model (the map is
 * then not checked, with a warning).
 */
public class JucObjects {
    public static void main(String[] args) throws Exception {
        Runnable a;
        Runnable b;
        switch (args.length > 0 ? args[0] : "map") {
            case "queue" -> {
                ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
                a = () -> {
                    q.offer(1);
                    q.poll();
                };
                b = () -> {
                    q.offer(2);
                    q.peek();
                    q.poll();
                };
            }
            case "counter" -> {
                AtomicInteger c = new AtomicInteger(5);
                a = () -> {
                    c.incrementAndGet();
                    c.get();
                };
                b = () -> {
                    c.getAndAdd(3);
                    c.decrementAndGet();
                };
            }
            case "register" -> {
                AtomicReference<String> r = new AtomicReference<>();
                a = () -> {
                    r.compareAndSet(null, "a");
                    r.get();
                };
                b = () -> {
                    r.getAndSet("b");
                    r.compareAndSet("a", "c");
                };
            }
            case "unmodelled" -> {
                ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
                a = () -> m.putIfAbsent(1, 10);
                b = () -> {
                    m.merge(1, 5, Integer::sum);
                    m.get(1);
                };
            }
            default -> {
                ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
                a = () -> {
                    m.putIfAbsent(1, 10);
                    m.get(2);
                };
                b = () -> {
                    m.put(2, 20);
                    m.remove(1);
                    m.replace(1, 7);
                };
            }
        }
        Thread ta = new Thread(a);
        Thread tb = new Thread(b);
        ta.start();
        tb.start();
        ta.join();
        tb.join();
    }
}
