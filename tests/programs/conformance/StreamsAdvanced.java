import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamsAdvanced {
    record Order(int id, String customer, List<Item> items) {}
    record Item(String sku, int qty, double price) {}

    public static void main(String[] args) {
        List<Order> orders = List.of(
            new Order(1, "acme", List.of(new Item("A1", 2, 9.99), new Item("B2", 1, 24.50))),
            new Order(2, "globex", List.of(new Item("A1", 5, 9.99))),
            new Order(3, "acme", List.of(new Item("C3", 10, 1.25), new Item("B2", 2, 24.50), new Item("D4", 1, 99.0))),
            new Order(4, "initech", List.of()),
            new Order(5, "globex", List.of(new Item("C3", 4, 1.25), new Item("A1", 1, 9.99))));
        System.out.println(orders.stream().flatMap(o -> o.items().stream()).map(Item::sku).distinct().sorted().collect(Collectors.toList()));
        Map<String, Integer> qtyBySku = orders.stream().flatMap(o -> o.items().stream()).collect(Collectors.groupingBy(Item::sku, TreeMap::new, Collectors.summingInt(Item::qty)));
        System.out.println(qtyBySku);
        Map<String, Double> revenue = orders.stream().collect(Collectors.groupingBy(Order::customer, TreeMap::new,
            Collectors.summingDouble(o -> o.items().stream().mapToDouble(i -> i.qty() * i.price()).sum())));
        revenue.forEach((k, v) -> System.out.println(k + " -> " + String.format("%.2f", v) + " raw " + v));
        System.out.println(orders.stream().sorted(Comparator.comparing((Order o) -> o.items().size()).reversed().thenComparing(Order::id)).map(Order::id).toList());
        System.out.println(orders.stream().mapToInt(o -> o.items().size()).boxed().collect(Collectors.toList()));
        System.out.println(Stream.of(List.of(1, 2), List.of(3), List.<Integer>of(), List.of(4, 5, 6)).flatMap(List::stream).map(x -> x * x).toList());
        System.out.println(IntStream.rangeClosed(1, 4).flatMap(i -> IntStream.rangeClosed(1, i)).boxed().toList());
        System.out.println(Stream.of("a-b", "c", "d-e-f").flatMap(s -> Arrays.stream(s.split("-"))).collect(Collectors.joining()));
        System.out.println(Stream.of(1, 2, 3).<String>mapMulti((x, sink) -> { for (int i = 0; i < x; i++) sink.accept(x + ":" + i); }).toList());
        List<String> names = Arrays.asList("Zoe", "adam", "Bob", "charlie", "Dave", "eve", "Al");
        System.out.println(names.stream().sorted().toList());
        System.out.println(names.stream().sorted(String.CASE_INSENSITIVE_ORDER).toList());
        System.out.println(names.stream().sorted(Comparator.comparing(String::length).thenComparing(s -> s.toLowerCase())).toList());
        System.out.println(names.stream().sorted(Comparator.comparing(String::length).reversed().thenComparing(Comparator.reverseOrder())).toList());
        System.out.println(names.stream().sorted(Comparator.comparing(s -> s.charAt(s.length() - 1))).toList());
        List<int[]> pairs = IntStream.range(1, 6).boxed().flatMap(a -> IntStream.range(a, 6).mapToObj(b -> new int[]{a, b})).filter(p -> (p[0] + p[1]) % 3 == 0).toList();
        System.out.println(pairs.stream().map(Arrays::toString).collect(Collectors.joining(" ")));
        List<List<Integer>> triples = new ArrayList<>();
        IntStream.rangeClosed(1, 30).forEach(a -> IntStream.rangeClosed(a, 30).forEach(b -> {
            double c = Math.sqrt(a * a + b * b);
            if (c == Math.floor(c) && c <= 30) triples.add(List.of(a, b, (int) c));
        }));
        System.out.println(triples);
        Optional<String> longest = names.stream().max(Comparator.comparingInt(String::length).thenComparing(Function.identity()));
        System.out.println(longest.get());
        System.out.println(Stream.of(5, 1, 4).sorted().findFirst().get() + " " + Stream.of(1, 2, 3, 4, 5, 6).filter(x -> x > 3).findAny().isPresent());
        System.out.println(IntStream.range(0, 10).boxed().collect(Collectors.partitioningBy(x -> x % 2 == 0, Collectors.reducing(0, Integer::sum))));
        Supplier<Stream<Integer>> sup = () -> Stream.of(4, 8, 15, 16, 23, 42);
        System.out.println(sup.get().mapToInt(x -> x).sum() + " " + sup.get().map(String::valueOf).collect(Collectors.joining("")) + " " + sup.get().skip(4).toList());
        System.out.println(Stream.iterate(new long[]{0, 1}, f -> new long[]{f[1], f[0] + f[1]}).limit(15).map(f -> f[0]).toList());
        TreeMap<Integer, TreeSet<String>> byLen = Arrays.stream("the quick brown fox jumps over the lazy dog".split(" "))
            .collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toCollection(TreeSet::new)));
        System.out.println(byLen);
        System.out.println(Stream.of("b", "a", "c").sorted(Collections.reverseOrder()).toList() + " " + Stream.of(3, 1, 2).sorted(Comparator.nullsFirst(Comparator.naturalOrder())).toList());
        List<String> withNulls = Arrays.asList("b", null, "a", null);
        System.out.println(withNulls.stream().sorted(Comparator.nullsLast(Comparator.naturalOrder())).toList() + " " + withNulls.stream().filter(Objects::nonNull).count());
        System.out.println(IntStream.rangeClosed(1, 5).mapToObj(i -> "*".repeat(i)).collect(Collectors.joining("\n")));
        double[] data = {2.5, 3.5, 1.0, 4.0, 6.5};
        System.out.println(Arrays.stream(data).map(Math::sqrt).boxed().map(d -> String.format("%.4f", d)).toList());
        System.out.println(Stream.of("x").parallel().isParallel() ? "parallel-flag" : "sequential");
        System.out.println(IntStream.range(0, 100).boxed().sorted(Comparator.comparing(i -> Integer.toString(i))).limit(15).toList());
        System.out.println(Stream.of(3, 3, 1, 2, 1).distinct().toList() + " " + Stream.of(1, 2, 3, 4).reduce(10, Integer::sum) + " " + IntStream.of(1, 2, 3).asLongStream().sum());
        System.out.println(Collections.nCopies(3, "ab").stream().collect(Collectors.joining("")) + " " + Stream.of(1.5, 2.5).mapToDouble(Double::doubleValue).average().getAsDouble());
    }
}
