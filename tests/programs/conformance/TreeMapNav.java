import java.util.*;

public class TreeMapNav {
    public static void main(String[] args) {
        TreeMap<Integer, String> tm = new TreeMap<>();
        for (int i = 0; i <= 100; i += 10) tm.put(i, "v" + i);
        System.out.println(tm);
        int[] probes = {-5, 0, 5, 10, 55, 100, 105};
        for (int p : probes) {
            System.out.println(p + ": floor " + tm.floorKey(p) + " ceiling " + tm.ceilingKey(p) + " lower " + tm.lowerKey(p) + " higher " + tm.higherKey(p)
                + " floorEntry " + tm.floorEntry(p) + " higherEntry " + tm.higherEntry(p));
        }
        System.out.println(tm.firstKey() + " " + tm.lastKey() + " " + tm.firstEntry() + " " + tm.lastEntry());
        System.out.println(tm.headMap(30) + " " + tm.headMap(30, true) + " " + tm.tailMap(80) + " " + tm.tailMap(80, false));
        System.out.println(tm.subMap(20, 50) + " " + tm.subMap(20, false, 50, true));
        System.out.println(tm.descendingMap());
        System.out.println(tm.descendingKeySet() + " " + tm.navigableKeySet().headSet(20));
        NavigableMap<Integer, String> sub = tm.subMap(20, true, 60, true);
        sub.put(25, "new25");
        try {
            sub.put(70, "out");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        System.out.println(tm.containsKey(25) + " " + sub + " " + sub.size());
        sub.remove(30);
        System.out.println(tm);
        System.out.println(tm.pollFirstEntry() + " " + tm.pollLastEntry() + " " + tm);
        TreeMap<String, Integer> rev = new TreeMap<>(Comparator.reverseOrder());
        for (String s : "delta alpha charlie bravo echo".split(" ")) rev.put(s, s.length());
        System.out.println(rev + " " + rev.firstKey() + " " + rev.ceilingKey("c") + " " + rev.floorKey("c"));
        TreeMap<String, Integer> ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        ci.put("Apple", 1);
        ci.put("apple", 2);
        ci.put("BANANA", 3);
        System.out.println(ci + " " + ci.get("APPLE"));
        TreeSet<Integer> ts = new TreeSet<>(List.of(5, 1, 9, 3, 7, 3, 1));
        System.out.println(ts + " " + ts.first() + " " + ts.last() + " " + ts.floor(4) + " " + ts.ceiling(4) + " " + ts.higher(9) + " " + ts.lower(1));
        System.out.println(ts.headSet(5) + " " + ts.tailSet(5) + " " + ts.subSet(2, 8) + " " + ts.descendingSet() + " " + ts.pollFirst() + " " + ts);
        Iterator<Integer> di = ts.descendingIterator();
        while (di.hasNext()) {
            int v = di.next();
            if (v == 7) di.remove();
        }
        System.out.println(ts);
        try {
            new TreeMap<String, Integer>().firstKey();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE " + e.getMessage());
        }
        System.out.println(new TreeMap<String, Integer>().firstEntry());
        try {
            TreeMap<Object, Integer> bad = new TreeMap<>();
            bad.put("s", 1);
            bad.put(1, 2);
        } catch (ClassCastException e) {
            System.out.println("CCE caught");
        }
        try {
            new TreeMap<String, Integer>().put(null, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE for null key");
        }
        TreeMap<Integer, Integer> big = new TreeMap<>();
        Random r = new Random(42);
        for (int i = 0; i < 2000; i++) big.merge(r.nextInt(500), 1, Integer::sum);
        System.out.println(big.size() + " " + big.firstEntry() + " " + big.lastEntry() + " " + big.headMap(10) + " " + big.ceilingEntry(250));
        int total = 0;
        for (int v : big.values()) total += v;
        System.out.println("total " + total);
        Map.Entry<Integer, String> e = tm.firstEntry();
        try {
            e.setValue("x");
        } catch (UnsupportedOperationException ex) {
            System.out.println("UOE on snapshot entry");
        }
        for (Map.Entry<Integer, String> en : tm.entrySet()) en.setValue(en.getValue().toUpperCase());
        System.out.println(tm);
        System.out.println(tm.keySet().stream().mapToInt(Integer::intValue).sum() + " " + tm.comparator() + " " + rev.comparator().compare("a", "b"));
    }
}
