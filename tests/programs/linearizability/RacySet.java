import java.util.concurrent.ConcurrentHashMap;

/**
 * Not linearizable (`--linearizability set:RacySet`): add checks and then inserts in
 * two steps of a thread-safe map, so two threads can both add 1 and both return true.
 */
public class RacySet {
    private final ConcurrentHashMap<Integer, Boolean> map = new ConcurrentHashMap<>();

    public boolean add(int k) {
        if (map.containsKey(k)) {
            return false;
        }
        map.put(k, true);
        return true;
    }

    public boolean remove(int k) {
        return map.remove(k) != null;
    }

    public boolean contains(int k) {
        return map.containsKey(k);
    }

    public static void main(String[] args) throws Exception {
        RacySet s = new RacySet();
        Thread a = new Thread(() -> s.add(1));
        Thread b = new Thread(() -> {
            s.add(1);
            s.remove(1);
        });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(s.contains(1));
    }
}
