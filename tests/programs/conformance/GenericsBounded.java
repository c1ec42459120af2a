import java.util.*;
import java.util.function.*;

public class GenericsBounded {
    static <T extends Comparable<? super T>> T max(Collection<? extends T> items) {
        Iterator<? extends T> it = items.iterator();
        T best = it.next();
        while (it.hasNext()) {
            T x = it.next();
            if (x.compareTo(best) > 0) best = x;
        }
        return best;
    }

    static <T extends Comparable<T>> void insertionSort(T[] arr) {
        for (int i = 1; i < arr.length; i++) {
            T key = arr[i];
            int j = i - 1;
            while (j >= 0 && arr[j].compareTo(key) > 0) {
                arr[j + 1] = arr[j];
                j--;
            }
            arr[j + 1] = key;
        }
    }

    static double sum(List<? extends Number> nums) {
        double s = 0;
        for (Number n : nums) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i);
    }

    static <K, V extends Comparable<V>> K argMax(Map<K, V> m) {
        K bestK = null;
        V bestV = null;
        for (Map.Entry<K, V> e : m.entrySet()) {
            if (bestV == null || e.getValue().compareTo(bestV) > 0) {
                bestK = e.getKey();
                bestV = e.getValue();
            }
        }
        return bestK;
    }

    static abstract class Builder<T extends Builder<T>> {
        protected final StringBuilder sb = new StringBuilder();
        abstract T self();
        T add(String s) { sb.append(s).append(';'); return self(); }
        String build() { return sb.toString(); }
    }
    static class HtmlBuilder extends Builder<HtmlBuilder> {
        HtmlBuilder self() { return this; }
        HtmlBuilder tag(String t) { sb.append('<').append(t).append('>'); return this; }
    }

    static class Pair<A extends Comparable<A>, B> implements Comparable<Pair<A, B>> {
        final A a;
        final B b;
        Pair(A a, B b) { this.a = a; this.b = b; }
        public int compareTo(Pair<A, B> o) { return a.compareTo(o.a); }
        @Override public String toString() { return "(" + a + ", " + b + ")"; }
    }

    static <T, R> List<R> mapAll(List<T> in, Function<? super T, ? extends R> f) {
        List<R> out = new ArrayList<>();
        for (T t : in) out.add(f.apply(t));
        return out;
    }

    static <T extends Number & Comparable<T>> T clampMax(T a, T b) { return a.compareTo(b) >= 0 ? a : b; }

    @SafeVarargs
    static <T> List<T> listOf(T... xs) { return new ArrayList<>(Arrays.asList(xs)); }

    static class Cache<K extends Comparable<K>, V> {
        private final TreeMap<K, V> map = new TreeMap<>();
        private final Function<K, V> loader;
        int loads;
        Cache(Function<K, V> loader) { this.loader = loader; }
        V get(K k) { return map.computeIfAbsent(k, kk -> { loads++; return loader.apply(kk); }); }
    }

    public static void main(String[] args) {
        System.out.println(max(List.of(3, 9, 2, 7)) + " " + max(List.of("pear", "apple", "zucchini", "fig")) + " " + max(Set.of(1.5)));
        Integer[] ints = {5, 2, 9, 1, 5, 6};
        insertionSort(ints);
        String[] strs = {"d", "a", "c", "b"};
        insertionSort(strs);
        System.out.println(Arrays.toString(ints) + " " + Arrays.toString(strs));
        System.out.println(sum(List.of(1, 2.5, 3L, 4.5f, (short) 5, new java.math.BigDecimal("0.25"))));
        List<Number> sink = new ArrayList<>();
        fill(sink, 5);
        List<Object> osink = new ArrayList<>();
        fill(osink, 3);
        System.out.println(sink + " " + osink);
        Map<String, Double> scores = new TreeMap<>(Map.of("ann", 81.5, "bob", 92.0, "cy", 77.25));
        System.out.println("argMax " + argMax(scores));
        System.out.println(new HtmlBuilder().add("a").tag("b").add("c").build());
        List<Pair<String, Integer>> pairs = new ArrayList<>(List.of(new Pair<>("m", 1), new Pair<>("c", 2), new Pair<>("x", 3)));
        Collections.sort(pairs);
        System.out.println(pairs + " max " + max(pairs));
        System.out.println(mapAll(List.of("a", "bb", "ccc"), String::length) + " " + mapAll(List.of(1, 2), x -> x * 0.5));
        System.out.println(clampMax(3, 7) + " " + clampMax(2.5, -1.0) + " " + clampMax(10L, 10L));
        List<String> l = listOf("x", "y");
        l.add("z");
        System.out.println(l + " " + listOf().size() + " " + listOf(1, "mixed", 2.0));
        Cache<Integer, String> cache = new Cache<>(k -> "v" + k * k);
        for (int i = 0; i < 20; i++) cache.get(i % 6);
        System.out.println("loads " + cache.loads + " " + cache.map);
        List<? extends Number> wild = List.of(1, 2L, 3.0);
        Number first = wild.get(0);
        System.out.println(first + " " + wild.size());
        Map<String, List<? extends CharSequence>> nested = new TreeMap<>();
        nested.put("a", List.of("x", new StringBuilder("sb")));
        System.out.println(nested);
        Comparator<Object> byString = Comparator.comparing(Object::toString);
        List<Integer> nums = new ArrayList<>(List.of(10, 9, 100, 1));
        nums.sort(byString);
        System.out.println(nums);
        Optional<? extends Number> on = Optional.of(5);
        System.out.println(on.get().intValue() + 1);
        Class<? extends Number> cls = Integer.valueOf(1).getClass();
        System.out.println(cls.getSimpleName());
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        System.out.println(GenericsBounded.<Integer, Integer>mapAll(List.of(1, 2, 3), x -> add.apply(x, 10)));
    }
}
