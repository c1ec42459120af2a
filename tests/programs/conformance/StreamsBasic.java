import java.util.*;
import java.util.stream.*;

public class StreamsBasic {
    public static void main(String[] args) {
        System.out.println(IntStream.range(0, 10).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.rangeClosed(1, 5).sum() + " " + IntStream.rangeClosed(1, 5).reduce(1, (a, b) -> a * b) + " " + IntStream.range(0, 0).sum());
        System.out.println(IntStream.of(3, 1, 4, 1, 5, 9, 2, 6).average().getAsDouble() + " " + IntStream.empty().average() + " " + IntStream.of(7).max());
        System.out.println(IntStream.of(3, 1, 4, 1, 5, 9, 2, 6).summaryStatistics());
        System.out.println(LongStream.rangeClosed(1, 20).reduce(1L, (a, b) -> a * b));
        System.out.println(DoubleStream.of(1.5, 2.5, 3.5).map(d -> d * 2).sum() + " " + DoubleStream.of(0.1, 0.2, 0.3).sum() + " " + DoubleStream.of(1, 2).summaryStatistics());
        List<String> words = List.of("stream", "lambda", "java", "map", "filter", "reduce", "collect", "java", "jvm");
        System.out.println(words.stream().filter(w -> w.length() > 4).map(String::toUpperCase).collect(Collectors.toList()));
        System.out.println(words.stream().map(String::length).reduce(0, Integer::sum) + " " + words.stream().count() + " " + words.stream().distinct().count());
        System.out.println(words.stream().reduce((a, b) -> a + "+" + b).orElse("none"));
        System.out.println(words.stream().reduce("", (acc, w) -> acc + w.charAt(0), String::concat));
        System.out.println(words.stream().skip(2).limit(3).collect(Collectors.toList()) + " " + words.stream().findFirst().get() + " " + words.stream().anyMatch(w -> w.startsWith("j")));
        System.out.println(words.stream().allMatch(w -> w.length() >= 3) + " " + words.stream().noneMatch(String::isEmpty) + " " + words.stream().min(Comparator.naturalOrder()).get()
            + " " + words.stream().max(Comparator.comparing(String::length)).get());
        System.out.println(Stream.iterate(1, x -> x * 3).limit(10).collect(Collectors.toList()));
        System.out.println(Stream.iterate(1, x -> x < 1000, x -> x * 2).map(String::valueOf).collect(Collectors.joining(",")));
        int[] counter = {0};
        System.out.println(Stream.generate(() -> counter[0]++).limit(5).collect(Collectors.toList()));
        System.out.println(IntStream.iterate(0, i -> i + 7).takeWhile(i -> i < 50).boxed().collect(Collectors.toList()));
        System.out.println(Stream.of(5, 3, 8, 1).sorted().collect(Collectors.toList()) + " " + Stream.of(5, 3, 8, 1).sorted(Comparator.reverseOrder()).toList());
        System.out.println(Arrays.stream(new int[]{4, 8, 15, 16, 23, 42}).map(x -> x * x).filter(x -> x % 2 == 0).boxed().collect(Collectors.toList()));
        System.out.println(Arrays.stream(new String[]{"a", "b", "c"}, 1, 3).collect(Collectors.joining()));
        System.out.println(IntStream.range(0, 20).filter(i -> i % 3 == 0).mapToObj(Integer::toString).collect(Collectors.joining("-", "[", "]")));
        System.out.println(Stream.of("x", "y", "z").map(s -> s.repeat(2)).toList());
        System.out.println(Stream.concat(Stream.of(1, 2), Stream.of(3, 4)).toList() + " " + Stream.empty().count() + " " + Stream.ofNullable(null).count());
        System.out.println(IntStream.range(0, 5).mapToLong(i -> 1L << (i * 10)).sum() + " " + IntStream.range(0, 5).mapToDouble(i -> i / 2.0).boxed().toList());
        StringBuilder trace = new StringBuilder();
        List<Integer> res = Stream.of(1, 2, 3, 4, 5, 6).peek(x -> trace.append("p").append(x)).filter(x -> x % 2 == 0).peek(x -> trace.append("f").append(x))
            .map(x -> x * 10).limit(2).toList();
        System.out.println(res + " trace " + trace);
        System.out.println(IntStream.of(1, 2, 3).boxed().mapToInt(Integer::intValue).max().getAsInt() + " " + Stream.of("1", "22", "333").mapToInt(String::length).sum());
        int[] arr = IntStream.rangeClosed(1, 10).map(i -> 11 - i).toArray();
        System.out.println(Arrays.toString(arr) + " " + Arrays.stream(arr).sorted().boxed().toList());
        String[] sarr = Stream.of("b", "a", "c").sorted().toArray(String[]::new);
        System.out.println(Arrays.toString(sarr) + " " + sarr.getClass().getSimpleName());
        System.out.println(IntStream.rangeClosed(1, 100).filter(StreamsBasic::isPrime).count() + " primes below 100, sum " + IntStream.rangeClosed(1, 100).filter(StreamsBasic::isPrime).sum());
        System.out.println(Stream.of(1, 2, 3, 4).dropWhile(x -> x < 3).toList() + " " + Stream.of(1, 2, 3, 1).takeWhile(x -> x < 3).toList());
        OptionalInt none = IntStream.of().max();
        System.out.println(none.isPresent() + " " + none.orElse(-1) + " " + IntStream.of(9, 4).min().getAsInt());
        System.out.println("chars: " + "hello".chars().mapToObj(c -> (char) c).map(String::valueOf).collect(Collectors.joining("|")));
        Iterator<Integer> it = Stream.of(1, 2, 3).iterator();
        while (it.hasNext()) System.out.print(it.next());
        System.out.println();
        Stream<String> s = Stream.of("once");
        s.count();
        try {
            s.count();
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        System.out.println(LongStream.range(0, 1_000_000).filter(x -> x % 3 == 0).sum());
    }

    static boolean isPrime(int n) {
        if (n < 2) return false;
        return IntStream.rangeClosed(2, (int) Math.sqrt(n)).noneMatch(d -> n % d == 0);
    }
}
