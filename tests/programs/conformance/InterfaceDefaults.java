public class InterfaceDefaults {
    interface Greeter {
        String name();
        default String greet() { return "Hello, " + decorate(name()); }
        private String decorate(String s) { return "<" + s + ">"; }
        static Greeter of(String n) { return () -> n; }
        default String twice() { return greet() + " " + greet(); }
    }

    interface Left { default String who() { return "Left"; } }
    interface Right { default String who() { return "Right"; } }
    static class Both implements Left, Right {
        public String who() { return "Both(" + Left.super.who() + "+" + Right.super.who() + ")"; }
    }

    interface Base { default String id() { return "Base"; } }
    interface Derived extends Base { default String id() { return "Derived>" + Base.super.id(); } }
    interface Other extends Base {}
    static class Diamond implements Derived, Other {}

    static abstract class AbstractImpl implements Base {
        public String id() { return "AbstractImpl"; }
    }
    static class Concrete extends AbstractImpl implements Derived {}

    interface Reabstract extends Base { String id(); }
    static class Impl implements Reabstract { public String id() { return "Impl"; } }

    interface Counter {
        int value();
        default Counter plus(int n) { int v = value() + n; return () -> v; }
        static Counter zero() { return () -> 0; }
    }

    interface WithConstant {
        int LIMIT = 10;
        String NAME = "const-" + LIMIT;
        default int limit() { return LIMIT; }
    }
    static class UsesConstant implements WithConstant {
        int LIMIT = 99;
        int both() { return LIMIT + WithConstant.LIMIT + limit(); }
    }

    interface Shape {
        double area();
        default String describe() { return kind() + " with area " + String.format("%.2f", area()); }
        default String kind() { return "shape"; }
    }
    static class Sq implements Shape {
        final double s;
        Sq(double s) { this.s = s; }
        public double area() { return s * s; }
        public String kind() { return "square"; }
    }
    static class Circ implements Shape {
        public double area() { return Math.PI; }
    }

    interface Chain<T> {
        T get();
        default <R> Chain<R> map(java.util.function.Function<T, R> f) { return () -> f.apply(get()); }
    }

    static class ObjectMethodsInInterface implements Comparable<ObjectMethodsInInterface> {
        public int compareTo(ObjectMethodsInInterface o) { return 0; }
        @Override public String toString() { return "OMI"; }
    }

    public static void main(String[] args) {
        Greeter g = Greeter.of("World");
        System.out.println(g.greet());
        System.out.println(g.twice());
        Greeter custom = new Greeter() {
            public String name() { return "Custom"; }
            public String greet() { return "Hi " + name() + " / " + Greeter.super.greet(); }
        };
        System.out.println(custom.greet());
        System.out.println(new Both().who());
        System.out.println(new Diamond().id());
        System.out.println(new Concrete().id());
        System.out.println(new Impl().id());
        Counter c = Counter.zero().plus(5).plus(10);
        System.out.println(c.value());
        UsesConstant uc = new UsesConstant();
        System.out.println(uc.both() + " " + WithConstant.NAME + " " + WithConstant.LIMIT);
        Shape[] shapes = {new Sq(3), new Circ(), () -> 2.0};
        for (Shape s : shapes) System.out.println(s.describe());
        Chain<String> ch = () -> "chain";
        System.out.println(ch.map(String::length).map(n -> n * n).get());
        Base anon = new Base() {};
        System.out.println(anon.id());
        Left l = new Both();
        Right r = new Both();
        System.out.println(l.who() + " " + r.who());
        System.out.println(new ObjectMethodsInInterface().compareTo(null) + " " + new ObjectMethodsInInterface());
        java.util.List<Base> bases = java.util.List.of(new Diamond(), new Concrete(), new Impl(), new Base() {});
        for (Base b : bases) System.out.print(b.id() + "; ");
        System.out.println();
    }
}
