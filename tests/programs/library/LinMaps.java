import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

// covers: java.util.concurrent.ConcurrentHashMap.{get,put,putIfAbsent,remove,replace,containsKey,getOrDefault,compute,computeIfAbsent,computeIfPresent,merge}
// covers: java.util.concurrent.ConcurrentHashMap$KeySetView.{add,remove,contains}
// covers: java.util.concurrent.ConcurrentSkipListMap.{get,put,putIfAbsent,remove,replace,containsKey,getOrDefault,compute,computeIfAbsent,computeIfPresent,merge}
// covers: java.util.concurrent.ConcurrentSkipListSet.{add,remove,contains}
public class LinMaps {
    static Object sorted(Map<Integer, Integer> m) {
        return new TreeMap<>(m);
    }

    static Object sorted(Set<Integer> s) {
        return new TreeSet<>(s);
    }

    static ConcurrentHashMap<Integer, Integer> chm() {
        ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
        m.put(1, 10);
        return m;
    }

    static ConcurrentSkipListMap<Integer, Integer> cslm() {
        ConcurrentSkipListMap<Integer, Integer> m = new ConcurrentSkipListMap<>();
        m.put(1, 10);
        return m;
    }

    static void maps(String which, java.util.function.Supplier<? extends java.util.concurrent.ConcurrentMap<Integer, Integer>> fresh) throws InterruptedException {
        Lin.<java.util.concurrent.ConcurrentMap<Integer, Integer>>of(which + " put/get", fresh::get, LinMaps::sorted)
            .thread(m -> m.put(2, 20), m -> m.get(1))
            .thread(m -> m.putIfAbsent(2, 21), m -> m.remove(1))
            .check();
        Lin.<java.util.concurrent.ConcurrentMap<Integer, Integer>>of(which + " replace/containsKey", fresh::get, LinMaps::sorted)
            .thread(m -> m.replace(1, 11), m -> m.containsKey(2))
            .thread(m -> m.getOrDefault(1, -1), m -> m.put(2, 22))
            .check();
        Lin.<java.util.concurrent.ConcurrentMap<Integer, Integer>>of(which + " compute/merge", fresh::get, LinMaps::sorted)
            .thread(m -> m.compute(1, (k, v) -> v == null ? 1 : v + 1), m -> m.computeIfAbsent(2, k -> 5))
            .thread(m -> m.merge(1, 100, Integer::sum), m -> m.computeIfPresent(2, (k, v) -> v * 2))
            .check();
        Lin.<java.util.concurrent.ConcurrentMap<Integer, Integer>>of(which + " remove/replace", fresh::get, LinMaps::sorted)
            .thread(m -> m.remove(1, 10), m -> m.putIfAbsent(1, 12))
            .thread(m -> m.replace(1, 10, 13), m -> m.get(1))
            .check();
    }

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        {
            maps("ConcurrentHashMap", LinMaps::chm);
        }
        {
            maps("ConcurrentSkipListMap", LinMaps::cslm);
        }
        {
            Lin.<ConcurrentHashMap.KeySetView<Integer, Boolean>>of("KeySetView", ConcurrentHashMap::newKeySet, LinMaps::sorted)
                .thread(s -> s.add(1), s -> s.contains(2))
                .thread(s -> s.add(2), s -> s.remove(1))
                .check();
        }
        {
            Lin.<ConcurrentSkipListSet<Integer>>of("ConcurrentSkipListSet", ConcurrentSkipListSet::new, LinMaps::sorted)
                .thread(s -> s.add(1), s -> s.contains(2))
                .thread(s -> s.add(2), s -> s.remove(1))
                .check();
        }
    }
}
