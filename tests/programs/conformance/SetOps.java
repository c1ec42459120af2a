import java.util.*;

public class SetOps {
    public static void main(String[] args) {
        Set<String> hs = new HashSet<>();
        for (String s : "to be or not to be that is the question whether tis nobler in the mind".split(" ")) hs.add(s);
        System.out.println(hs + " " + hs.size());
        System.out.println(hs.contains("be") + " " + hs.add("be") + " " + hs.remove("or") + " " + hs.remove("or"));
        Set<Integer> a = new HashSet<>();
        Set<Integer> b = new HashSet<>();
        for (int i = 0; i < 30; i += 2) a.add(i);
        for (int i = 0; i < 30; i += 3) b.add(i);
        Set<Integer> union = new HashSet<>(a);
        union.addAll(b);
        Set<Integer> inter = new HashSet<>(a);
        inter.retainAll(b);
        Set<Integer> diff = new HashSet<>(a);
        diff.removeAll(b);
        System.out.println("union " + union);
        System.out.println("inter " + inter);
        System.out.println("diff " + diff);
        System.out.println(a.containsAll(inter) + " " + inter.containsAll(a) + " " + union.equals(new TreeSet<>(union)) + " " + union.hashCode());
        Set<Integer> big = new HashSet<>();
        for (int i = 0; i < 200; i++) big.add(i * i % 1000);
        StringBuilder sb = new StringBuilder();
        for (int x : big) sb.append(x).append(' ');
        System.out.println(big.size() + ": " + sb);
        TreeSet<String> ts = new TreeSet<>(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        ts.addAll(hs);
        System.out.println(ts);
        System.out.println(ts.first() + " " + ts.last() + " " + ts.headSet("that") + " " + ts.ceiling("zz"));
        TreeSet<String> dedupe = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        dedupe.addAll(List.of("Hello", "hello", "HELLO", "world", "World"));
        System.out.println(dedupe);
        Set<Long> longs = new HashSet<>(List.of(1L << 33, 1L, -1L, 1L << 32, Long.MIN_VALUE, 0L));
        System.out.println(longs);
        Set<Double> doubles = new HashSet<>(List.of(0.5, -0.0, 0.0, 1e10, Double.NaN, 3.14));
        System.out.println(doubles);
        Set<Character> chars = new HashSet<>();
        for (char c : "Programming Language".toCharArray()) chars.add(c);
        System.out.println(chars);
        Set<List<Integer>> listSet = new HashSet<>();
        listSet.add(List.of(1, 2));
        listSet.add(new ArrayList<>(List.of(1, 2)));
        listSet.add(List.of(2, 1));
        System.out.println(listSet.size() + " " + listSet.contains(Arrays.asList(2, 1)));
        Iterator<String> it = hs.iterator();
        while (it.hasNext()) if (it.next().length() <= 2) it.remove();
        System.out.println(hs);
        hs.removeIf(s -> s.startsWith("t"));
        System.out.println(hs);
        Set<String> linked = new LinkedHashSet<>(List.of("z", "y", "x"));
        linked.retainAll(Set.of("x", "z"));
        System.out.println(linked);
        Set<Integer> copy = Set.copyOf(List.of(3, 3, 1));
        System.out.println(copy.size() + " " + copy.contains(3) + " " + new TreeSet<>(copy));
        Map<Integer, Set<String>> inv = new TreeMap<>();
        String[] people = {"ann:3", "bob:1", "cid:3", "dee:2", "eve:1", "fay:3"};
        for (String p : people) {
            String[] kv = p.split(":");
            inv.computeIfAbsent(Integer.parseInt(kv[1]), k -> new TreeSet<>()).add(kv[0]);
        }
        System.out.println(inv);
        Object[] arr = new TreeSet<>(List.of(5, 3, 9)).toArray();
        Integer[] arr2 = new TreeSet<>(List.of(5, 3, 9)).toArray(new Integer[0]);
        System.out.println(Arrays.toString(arr) + " " + Arrays.toString(arr2));
    }
}
