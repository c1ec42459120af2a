import java.util.concurrent.ConcurrentHashMap;

/**
 * Sequentially consistent but not linearizable (`--linearizability set:LaggySet`):
 * an added key is first only visible to the thread that added it, and reaches the
 * shared map at that thread's next add. Every thread's results are explained by some
 * interleaving of the calls in program order (a contains that misses a key another
 * thread has added can be ordered before that add), but not by one that respects
 * real time: here `add(1)` returns before `contains(1)` begins, and contains still
 * answers false.
 */
public class LaggySet {
    private final ConcurrentHashMap<Integer, Boolean> map = new ConcurrentHashMap<>();
    private volatile int pending = -1;
    private volatile Thread owner;

    public boolean add(int k) {
        if (contains(k)) {
            return false;
        }
        if (pending >= 0) {
            map.put(pending, true);
        }
        owner = Thread.currentThread();
        pending = k;
        return true;
    }

    public boolean contains(int k) {
        return map.containsKey(k) || (pending == k && owner == Thread.currentThread());
    }

    public static void main(String[] args) throws Exception {
        LaggySet s = new LaggySet();
        Thread adder = new Thread(() -> s.add(1));
        adder.start();
        adder.join();
        Thread reader = new Thread(() -> System.out.println(s.contains(1)));
        reader.start();
        reader.join();
    }
}
