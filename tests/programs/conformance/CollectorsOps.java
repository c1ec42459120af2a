import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class CollectorsOps {
    record Person(String name, String city, int age, double salary) {}

    public static void main(String[] args) {
        List<Person> people = List.of(
            new Person("Alice", "Paris", 34, 5200.5),
            new Person("Bob", "London", 28, 4100.0),
            new Person("Carla", "Paris", 45, 7300.25),
            new Person("Dan", "Berlin", 22, 3100.0),
            new Person("Eve", "London", 39, 6100.75),
            new Person("Frank", "Berlin", 51, 8000.0),
            new Person("Gina", "Rome", 30, 4500.0),
            new Person("Hugo", "Paris", 27, 3900.0));
        Map<String, List<String>> byCity = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println(byCity);
        Map<String, Long> counts = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.counting()));
        System.out.println(counts);
        Map<String, Double> avgAge = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.averagingInt(Person::age)));
        System.out.println(avgAge);
        Map<String, Double> totalSalary = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.summingDouble(Person::salary)));
        System.out.println(totalSalary);
        Map<String, Optional<Person>> oldest = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.maxBy(Comparator.comparingInt(Person::age))));
        oldest.forEach((c, p) -> System.out.println(c + " oldest " + p.map(Person::name).orElse("?")));
        Map<Boolean, List<String>> part = people.stream().collect(Collectors.partitioningBy(p -> p.age() >= 30, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println(part);
        Map<Boolean, Long> partCount = people.stream().collect(Collectors.partitioningBy(p -> p.salary() > 10000, Collectors.counting()));
        System.out.println(partCount);
        System.out.println(people.stream().map(Person::name).collect(Collectors.joining(", ", "Names: [", "]")));
        System.out.println(people.stream().map(Person::name).collect(Collectors.joining()));
        Map<String, Integer> nameLen = people.stream().collect(Collectors.toMap(Person::name, p -> p.name().length()));
        System.out.println(new TreeMap<>(nameLen));
        Map<String, Integer> cityAgeSum = people.stream().collect(Collectors.toMap(Person::city, Person::age, Integer::sum, TreeMap::new));
        System.out.println(cityAgeSum);
        try {
            people.stream().collect(Collectors.toMap(Person::city, Person::name));
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        IntSummaryStatistics ageStats = people.stream().collect(Collectors.summarizingInt(Person::age));
        System.out.println(ageStats);
        System.out.println(ageStats.getMin() + " " + ageStats.getMax() + " " + ageStats.getAverage() + " " + ageStats.getSum() + " " + ageStats.getCount());
        DoubleSummaryStatistics salStats = people.stream().collect(Collectors.summarizingDouble(Person::salary));
        System.out.println(salStats);
        LongSummaryStatistics ls = people.stream().collect(Collectors.summarizingLong(p -> (long) p.age() * 1000000000L));
        System.out.println(ls);
        Map<String, Map<Boolean, Long>> nested = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new,
            Collectors.partitioningBy(p -> p.age() < 35, Collectors.counting())));
        System.out.println(nested);
        Map<Integer, List<String>> byDecade = people.stream().collect(Collectors.groupingBy(p -> p.age() / 10 * 10, TreeMap::new, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println(byDecade);
        int sz = people.stream().collect(Collectors.collectingAndThen(Collectors.toList(), List::size));
        System.out.println(sz);
        TreeSet<String> cities = people.stream().map(Person::city).collect(Collectors.toCollection(TreeSet::new));
        System.out.println(cities);
        System.out.println((String) people.stream().collect(Collectors.teeing(Collectors.counting(), Collectors.averagingDouble(Person::salary), (c, a) -> c + " people, avg " + a)));
        System.out.println((int) people.stream().collect(Collectors.reducing(0, Person::age, Integer::sum)));
        System.out.println(people.stream().map(Person::name).collect(Collectors.reducing((a, b) -> a.length() >= b.length() ? a : b)).get());
        Map<String, String> filtering = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new,
            Collectors.filtering(p -> p.salary() > 4000, Collectors.mapping(Person::name, Collectors.joining("+")))));
        System.out.println(filtering);
        Map<String, List<Character>> flat = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new,
            Collectors.flatMapping(p -> p.name().chars().mapToObj(c -> (char) c).limit(2), Collectors.toList())));
        System.out.println(flat);
        Map<String, Integer> linked = people.stream().sorted(Comparator.comparing(Person::age)).collect(Collectors.toMap(Person::name, Person::age, (a, b) -> a, LinkedHashMap::new));
        System.out.println(linked);
        System.out.println(Stream.of("a", "bb", "cc", "ddd").collect(Collectors.groupingBy(String::length)));
        Set<String> set = Stream.of("x", "y", "x").collect(Collectors.toSet());
        System.out.println(set);
        System.out.println(Stream.of(1, 2, 3, 4).collect(Collectors.toUnmodifiableList()) + " " + Stream.of(3, 1).collect(Collectors.toUnmodifiableSet()).size());
        Map<Character, String> initials = Stream.of("apple", "avocado", "banana", "blueberry", "cherry")
            .collect(Collectors.groupingBy(s -> s.charAt(0), TreeMap::new, Collectors.joining("/")));
        System.out.println(initials);
        Collector<String, StringBuilder, String> custom = Collector.of(StringBuilder::new, (sb, s) -> sb.append(s.charAt(0)), StringBuilder::append, StringBuilder::toString);
        String acro = Stream.of("hello", "every", "lovely", "lady", "out", "there").collect(custom);
        System.out.println(acro);
        System.out.println(people.stream().collect(Collectors.averagingDouble(Person::salary)) + " " + people.stream().collect(Collectors.summingInt(Person::age)));
        System.out.println(people.stream().collect(Collectors.minBy(Comparator.comparingDouble(Person::salary))).get());
    }
}
