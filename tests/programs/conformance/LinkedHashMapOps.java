import java.util.*;

public class LinkedHashMapOps {
    static class Lru<K, V> extends LinkedHashMap<K, V> {
        private final int cap;
        Lru(int cap) {
            super(16, 0.75f, true);
            this.cap = cap;
        }
        @Override
        protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            boolean evict = size() > cap;
            if (evict) System.out.println("  evicting " + eldest.getKey() + "=" + eldest.getValue());
            return evict;
        }
    }

    public static void main(String[] args) {
        LinkedHashMap<String, Integer> ins = new LinkedHashMap<>();
        for (String s : "zeta alpha mu beta omega alpha".split(" ")) ins.merge(s, 1, Integer::sum);
        System.out.println(ins);
        ins.put("zeta", 100);
        ins.remove("mu");
        ins.put("mu", 5);
        System.out.println(ins + " " + ins.keySet() + " " + ins.values());
        LinkedHashMap<Integer, String> access = new LinkedHashMap<>(8, 0.75f, true);
        for (int i = 1; i <= 5; i++) access.put(i, "v" + i);
        access.get(2);
        access.get(4);
        access.getOrDefault(1, "x");
        access.put(3, "v3b");
        access.putIfAbsent(5, "no");
        System.out.println(access);
        access.get(99);
        access.containsKey(2);
        System.out.println(access.keySet());
        Lru<String, Integer> cache = new Lru<>(3);
        String[] ops = {"a", "b", "c", "a", "d", "b", "e", "a", "c", "f"};
        for (int i = 0; i < ops.length; i++) {
            if (cache.containsKey(ops[i])) {
                System.out.println("hit " + ops[i] + " -> " + cache.get(ops[i]));
            } else {
                System.out.println("miss " + ops[i]);
                cache.put(ops[i], i);
            }
            System.out.println("  cache " + cache);
        }
        LinkedHashSet<String> lhs = new LinkedHashSet<>();
        for (String s : "the cat sat on the mat with the hat".split(" ")) lhs.add(s);
        System.out.println(lhs);
        lhs.remove("cat");
        lhs.add("cat");
        System.out.println(lhs + " " + lhs.iterator().next());
        LinkedHashMap<String, Integer> copy = new LinkedHashMap<>(ins);
        copy.replaceAll((k, v) -> v * 2);
        copy.entrySet().removeIf(e -> e.getKey().startsWith("a"));
        System.out.println(copy + " eq " + copy.equals(ins) + " " + new HashMap<>(copy).equals(copy));
        Iterator<Map.Entry<String, Integer>> it = copy.entrySet().iterator();
        it.next();
        it.remove();
        System.out.println(copy);
        LinkedHashMap<Integer, Integer> big = new LinkedHashMap<>();
        for (int i = 100; i > 0; i -= 3) big.put(i, i * i);
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (int k : big.keySet()) if (n++ < 10) sb.append(k).append(' ');
        System.out.println(sb);
        Map<String, List<Integer>> grouped = new LinkedHashMap<>();
        int[] data = {5, 12, 7, 23, 18, 3, 30, 11};
        for (int d : data) grouped.computeIfAbsent(d < 10 ? "small" : d < 20 ? "medium" : "large", k -> new ArrayList<>()).add(d);
        System.out.println(grouped);
    }
}
