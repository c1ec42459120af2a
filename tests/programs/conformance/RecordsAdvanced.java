import java.util.*;

public class RecordsAdvanced {
    interface Shape { double area(); default String describe() { return getClass().getSimpleName() + " area " + String.format("%.3f", area()); } }

    record Circle(double r) implements Shape {
        Circle {
            if (r < 0) throw new IllegalArgumentException("negative radius: " + r);
        }
        public double area() { return Math.PI * r * r; }
        static Circle unit() { return new Circle(1); }
    }

    record Rect(double w, double h) implements Shape, Comparable<Rect> {
        Rect(double side) { this(side, side); }
        public double area() { return w * h; }
        public int compareTo(Rect o) { return Double.compare(area(), o.area()); }
    }

    record Range(int lo, int hi) {
        Range {
            if (lo > hi) {
                int t = lo;
                lo = hi;
                hi = t;
            }
        }
        int length() { return hi - lo; }
        boolean contains(int x) { return x >= lo && x < hi; }
    }

    record WithArray(String label, int[] data) {
        WithArray {
            data = data.clone();
        }
        int sum() { return Arrays.stream(data).sum(); }
    }

    record Pair<A, B>(A first, B second) {
        static <T> Pair<T, T> twin(T t) { return new Pair<>(t, t); }
        <C> Pair<A, C> withSecond(C c) { return new Pair<>(first, c); }
    }

    record Line(Point from, Point to) {
        record Point(int x, int y) {
            Point translate(int dx, int dy) { return new Point(x + dx, y + dy); }
        }
        double length() { return Math.hypot(to.x - from.x, to.y - from.y); }
    }

    record Person(String name, int age) {
        static int created = 0;
        Person {
            Objects.requireNonNull(name, "name");
            created++;
        }
        @Override public String name() { return name.toUpperCase(); }
        @Override public String toString() { return "Person<" + name + "," + age + ">"; }
    }

    record Money(long cents) {
        Money add(Money o) { return new Money(Math.addExact(cents, o.cents)); }
        @Override public boolean equals(Object o) { return o instanceof Money m && m.cents / 100 == cents / 100; }
        @Override public int hashCode() { return Long.hashCode(cents / 100); }
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(2), Circle.unit(), new Rect(3, 4), new Rect(2.5));
        for (Shape s : shapes) System.out.println(s + " -> " + s.describe());
        try {
            new Circle(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        List<Rect> rects = new ArrayList<>(List.of(new Rect(5, 1), new Rect(2), new Rect(1, 1), new Rect(3, 0.5)));
        Collections.sort(rects);
        System.out.println(rects);
        Range r = new Range(10, 3);
        System.out.println(r + " len " + r.length() + " contains 5 " + r.contains(5) + " contains 10 " + r.contains(10) + " eq " + r.equals(new Range(3, 10)));
        int[] src = {1, 2, 3};
        WithArray wa = new WithArray("w", src);
        src[0] = 100;
        System.out.println(wa.label() + " " + Arrays.toString(wa.data()) + " sum " + wa.sum());
        WithArray wb = new WithArray("w", new int[]{1, 2, 3});
        System.out.println("array component equals (identity): " + wa.equals(wb) + " self " + wa.equals(wa) + " toString has [I@ " + wa.toString().contains("[I@"));
        Pair<String, Integer> p = new Pair<>("k", 1);
        System.out.println(p + " " + Pair.twin("t") + " " + p.withSecond(List.of(1.5)) + " " + p.equals(new Pair<>("k", 1)) + " " + p.hashCode());
        Line line = new Line(new Line.Point(0, 0), new Line.Point(3, 4));
        System.out.println(line + " length " + line.length() + " moved " + line.to().translate(1, -1));
        Person a = new Person("ada", 36);
        Person b = new Person("ada", 36);
        System.out.println(a + " " + a.name() + " " + a.equals(b) + " created " + Person.created);
        try {
            new Person(null, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE: " + e.getMessage());
        }
        Money m1 = new Money(1050), m2 = new Money(1099), m3 = new Money(1100);
        System.out.println(m1 + " " + m1.equals(m2) + " " + m1.equals(m3) + " " + (m1.hashCode() == m2.hashCode()) + " " + m1.add(m3));
        try {
            new Money(Long.MAX_VALUE).add(new Money(1));
        } catch (ArithmeticException e) {
            System.out.println("overflow: " + e.getMessage());
        }
        record Local(String s, int n) {
            String repeated() { return s.repeat(n); }
        }
        System.out.println(new Local("ab", 3).repeated() + " " + new Local("x", 1));
        Object o = new Circle(3);
        if (o instanceof Circle c && c.r() > 2) System.out.println("pattern matched circle r=" + c.r());
        Map<Line.Point, String> grid = new TreeMap<>(Comparator.comparingInt(Line.Point::x).thenComparingInt(Line.Point::y));
        grid.put(new Line.Point(1, 2), "a");
        grid.put(new Line.Point(0, 5), "b");
        grid.put(new Line.Point(1, 0), "c");
        System.out.println(grid);
        Set<Line.Point> pts = new HashSet<>();
        for (int i = 0; i < 10; i++) pts.add(new Line.Point(i % 3, i % 2));
        System.out.println("distinct points " + pts.size() + " hash " + new Line.Point(1, 2).hashCode());
    }
}
