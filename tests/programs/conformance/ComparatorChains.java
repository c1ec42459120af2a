import java.util.*;
import java.util.function.*;

public class ComparatorChains {
    static final class Emp {
        final String name;
        final String dept;
        final int age;
        final double salary;
        final Integer rank;
        Emp(String name, String dept, int age, double salary, Integer rank) {
            this.name = name; this.dept = dept; this.age = age; this.salary = salary; this.rank = rank;
        }
        String getName() { return name; }
        String getDept() { return dept; }
        int getAge() { return age; }
        double getSalary() { return salary; }
        Integer getRank() { return rank; }
        @Override public String toString() { return name + "/" + dept + "/" + age + "/" + salary + "/" + rank; }
    }

    static void show(String label, List<Emp> list, Comparator<Emp> c) {
        List<Emp> copy = new ArrayList<>(list);
        copy.sort(c);
        StringBuilder sb = new StringBuilder(label).append(":");
        for (Emp e : copy) sb.append(' ').append(e.name);
        System.out.println(sb);
    }

    public static void main(String[] args) {
        List<Emp> emps = List.of(
            new Emp("Zara", "eng", 31, 120.0, 2),
            new Emp("Adam", "ops", 45, 90.5, null),
            new Emp("Mia", "eng", 28, 120.0, 1),
            new Emp("Liam", "sales", 31, 75.25, 3),
            new Emp("Noah", "ops", 28, 99.0, null),
            new Emp("Emma", "eng", 45, 150.0, 5),
            new Emp("Olga", "sales", 52, 75.25, 4),
            new Emp("Ben", "eng", 31, 110.0, 2));
        show("byName", emps, Comparator.comparing(Emp::getName));
        show("byNameRev", emps, Comparator.comparing(Emp::getName).reversed());
        show("byAgeThenName", emps, Comparator.comparing(Emp::getAge).thenComparing(Emp::getName));
        show("byAgeIntThenNameRev", emps, Comparator.comparingInt(Emp::getAge).thenComparing(Emp::getName, Comparator.reverseOrder()));
        show("byDeptThenSalaryDesc", emps, Comparator.comparing(Emp::getDept).thenComparing(Comparator.comparingDouble(Emp::getSalary).reversed()));
        show("byDeptThenSalaryDescReversed", emps, Comparator.comparing(Emp::getDept).thenComparing(Comparator.comparingDouble(Emp::getSalary).reversed()).reversed());
        show("bySalaryThenAgeThenName", emps, Comparator.comparingDouble(Emp::getSalary).thenComparingInt(Emp::getAge).thenComparing(Emp::getName));
        show("rankNullsFirst", emps, Comparator.comparing(Emp::getRank, Comparator.nullsFirst(Comparator.naturalOrder())).thenComparing(Emp::getName));
        show("rankNullsLastRev", emps, Comparator.comparing(Emp::getRank, Comparator.nullsLast(Comparator.<Integer>reverseOrder())).thenComparing(Emp::getName));
        show("nameLenThenName", emps, Comparator.comparing(Emp::getName, Comparator.comparing(String::length)).thenComparing(Emp::getName));
        show("lambdaCmp", emps, (a, b) -> a.age != b.age ? b.age - a.age : a.name.compareTo(b.name));
        show("longKey", emps, Comparator.comparingLong(e -> (long) e.age * 1000 - e.name.length()));
        Comparator<Emp> byDept = Comparator.comparing(Emp::getDept);
        Comparator<Emp> bySal = Comparator.comparingDouble(Emp::getSalary);
        show("deptRevThenSal", emps, byDept.reversed().thenComparing(bySal));
        show("deptThenSalRev", emps, byDept.thenComparing(bySal.reversed()));
        show("doubleReversed", emps, byDept.reversed().reversed().thenComparing(Emp::getName));
        List<Emp> sorted = new ArrayList<>(emps);
        sorted.sort(Comparator.comparing(Emp::getSalary));
        System.out.println("stable: " + sorted);
        Comparator<String> natural = Comparator.naturalOrder();
        Comparator<String> rev = Comparator.reverseOrder();
        System.out.println(natural.compare("a", "b") + " " + rev.compare("a", "b") + " " + natural.reversed().compare("a", "b") + " " + rev.reversed().compare("a", "b"));
        Comparator<String> nf = Comparator.nullsFirst(natural);
        System.out.println(nf.compare(null, "a") + " " + nf.compare("a", null) + " " + nf.compare(null, null) + " " + Comparator.nullsLast(natural).compare(null, "a"));
        System.out.println(Objects.compare("x", "y", natural) + " " + Map.Entry.<String, Integer>comparingByValue().compare(Map.entry("a", 2), Map.entry("b", 1)));
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(List.of(Map.entry("pear", 3), Map.entry("apple", 3), Map.entry("fig", 7), Map.entry("kiwi", 1)));
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        System.out.println(entries);
        BinaryOperator<Emp> older = BinaryOperator.maxBy(Comparator.comparingInt(Emp::getAge));
        System.out.println(emps.stream().reduce(older).get().name);
        System.out.println(Collections.max(emps, Comparator.comparing(Emp::getSalary).thenComparing(Emp::getAge)).name
            + " " + Collections.min(emps, Comparator.comparing(Emp::getDept).thenComparing(Emp::getName, Comparator.reverseOrder())).name);
        Integer[] boxed = {5, -3, 12, 0, -7, 8};
        Arrays.sort(boxed, Comparator.comparing(Math::abs));
        System.out.println(Arrays.toString(boxed));
        Arrays.sort(boxed, Comparator.comparing((Integer x) -> x % 2 == 0).thenComparing(Comparator.reverseOrder()));
        System.out.println(Arrays.toString(boxed));
        String[] strs = {"b10", "a2", "b2", "a10", "a1"};
        Arrays.sort(strs, Comparator.comparing((String s) -> s.charAt(0)).thenComparingInt(s -> Integer.parseInt(s.substring(1))));
        System.out.println(Arrays.toString(strs));
    }
}
