import java.util.*;
import java.util.stream.*;

public class OptionalOps {
    record User(String name, Optional<String> email) {}

    static Optional<User> find(String name) {
        return switch (name) {
            case "ann" -> Optional.of(new User("ann", Optional.of("ann@example.org")));
            case "bob" -> Optional.of(new User("bob", Optional.empty()));
            default -> Optional.empty();
        };
    }

    public static void main(String[] args) {
        Optional<String> some = Optional.of("value");
        Optional<String> none = Optional.empty();
        Optional<String> nullable = Optional.ofNullable(null);
        System.out.println(some + " " + none + " " + nullable + " " + none.equals(nullable) + " " + some.equals(Optional.of("value")));
        System.out.println(some.isPresent() + " " + some.isEmpty() + " " + none.isPresent() + " " + none.isEmpty());
        System.out.println(some.get() + " " + some.orElse("other") + " " + none.orElse("other") + " " + none.orElseGet(() -> "computed") + " " + some.orElseGet(() -> "never"));
        System.out.println(some.map(String::toUpperCase) + " " + none.map(String::toUpperCase) + " " + some.map(s -> null) + " " + some.filter(s -> s.length() > 10) + " " + some.filter(s -> s.startsWith("v")));
        System.out.println(some.flatMap(s -> Optional.of(s.length())) + " " + some.flatMap(s -> Optional.empty()) + " " + none.or(() -> Optional.of("alt")) + " " + some.or(() -> Optional.of("alt")));
        try {
            none.get();
        } catch (NoSuchElementException e) {
            System.out.println("get: " + e.getMessage());
        }
        try {
            none.orElseThrow();
        } catch (NoSuchElementException e) {
            System.out.println("orElseThrow: " + e.getMessage());
        }
        try {
            none.orElseThrow(() -> new IllegalStateException("custom missing"));
        } catch (IllegalStateException e) {
            System.out.println("orElseThrow(supplier): " + e.getMessage());
        }
        try {
            Optional.of(null);
        } catch (NullPointerException e) {
            System.out.println("Optional.of(null) -> NPE");
        }
        some.ifPresent(v -> System.out.println("ifPresent " + v));
        none.ifPresent(v -> System.out.println("never printed"));
        some.ifPresentOrElse(v -> System.out.println("present " + v), () -> System.out.println("absent"));
        none.ifPresentOrElse(v -> System.out.println("present " + v), () -> System.out.println("absent"));
        System.out.println(some.stream().count() + " " + none.stream().count() + " " + Stream.of(some, none, Optional.of("x")).flatMap(Optional::stream).toList());
        for (String n : List.of("ann", "bob", "cid")) {
            String email = find(n).flatMap(User::email).map(e -> e.replace("@", " at ")).orElse("<no email>");
            String nameLen = find(n).map(User::name).map(String::length).map(String::valueOf).orElse("?");
            System.out.println(n + ": " + email + " / " + nameLen);
        }
        OptionalInt oi = OptionalInt.of(42);
        OptionalLong ol = OptionalLong.empty();
        OptionalDouble od = OptionalDouble.of(2.5);
        System.out.println(oi + " " + ol + " " + od + " " + oi.getAsInt() + " " + ol.orElse(-1) + " " + od.orElseThrow() + " " + OptionalInt.empty().isPresent());
        System.out.println(IntStream.of(3, 9, 4).max() + " " + IntStream.empty().min() + " " + DoubleStream.of(1, 2).average() + " " + LongStream.range(0, 0).findFirst());
        System.out.println(some.hashCode() + " " + none.hashCode() + " " + oi.hashCode() + " " + Optional.of(List.of(1, 2)).hashCode());
        Optional<Optional<String>> nested = Optional.of(Optional.empty());
        System.out.println(nested + " " + nested.flatMap(x -> x).isPresent());
        Map<String, Integer> stock = new TreeMap<>(Map.of("apple", 3, "pear", 0));
        for (String fruit : List.of("apple", "pear", "kiwi")) {
            String msg = Optional.ofNullable(stock.get(fruit)).filter(q -> q > 0).map(q -> q + " in stock").orElseGet(() -> stock.containsKey(fruit) ? "sold out" : "unknown");
            System.out.println(fruit + ": " + msg);
        }
        System.out.println(Stream.of("a", "bb", "ccc").filter(s -> s.length() > 5).findFirst().map(String::length).orElse(0));
    }
}
