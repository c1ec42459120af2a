import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * POR benchmark structure: a set of ints over java.util.concurrent.ConcurrentHashMap
 * (key mapped to itself): add is putIfAbsent(k, k) == null, remove is remove(k) != null,
 * contains is containsKey(k). The map is created with room for 32 keys, so the
 * benchmark clients (at most 12 keys) never make it resize.
 */
public class ChmSet implements IntSet {
    private final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>(32);

    @Override
    public boolean add(int key) {
        return map.putIfAbsent(key, key) == null;
    }

    @Override
    public boolean remove(int key) {
        return map.remove(key) != null;
    }

    @Override
    public boolean contains(int key) {
        return map.containsKey(key);
    }

    /** Not linearizable: for the final printout, once all threads have been joined. */
    @Override
    public String toString() {
        return new TreeSet<>(map.keySet()).toString();
    }
}
