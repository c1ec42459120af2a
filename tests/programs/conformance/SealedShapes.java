import java.util.*;

public class SealedShapes {
    sealed interface Shape permits Circle, Square, Rectangle, Triangle {}
    record Circle(double radius) implements Shape {}
    record Square(double side) implements Shape {}
    record Rectangle(double w, double h) implements Shape {}
    static final class Triangle implements Shape {
        final double a, b, c;
        Triangle(double a, double b, double c) { this.a = a; this.b = b; this.c = c; }
        @Override public String toString() { return "Triangle[" + a + "," + b + "," + c + "]"; }
    }

    sealed interface Expr permits Num, Add, Mul, Neg, Var {}
    record Num(int value) implements Expr {}
    record Add(Expr left, Expr right) implements Expr {}
    record Mul(Expr left, Expr right) implements Expr {}
    record Neg(Expr inner) implements Expr {}
    record Var(String name) implements Expr {}

    static double area(Shape s) {
        if (s instanceof Circle c) return Math.PI * c.radius() * c.radius();
        if (s instanceof Square sq) return sq.side() * sq.side();
        if (s instanceof Rectangle r && r.w() > 0) return r.w() * r.h();
        if (s instanceof Rectangle) return 0;
        if (s instanceof Triangle t) {
            double p = (t.a + t.b + t.c) / 2;
            return Math.sqrt(p * (p - t.a) * (p - t.b) * (p - t.c));
        }
        throw new AssertionError("unreachable");
    }

    static int eval(Expr e, Map<String, Integer> env) {
        if (e instanceof Num n) return n.value();
        if (e instanceof Add a) return eval(a.left(), env) + eval(a.right(), env);
        if (e instanceof Mul m) return eval(m.left(), env) * eval(m.right(), env);
        return 0;
    }

    static int eval2(Expr e, Map<String, Integer> env) {
        if (e instanceof Num n) return n.value();
        else if (e instanceof Add a) return eval2(a.left(), env) + eval2(a.right(), env);
        else if (e instanceof Mul m) return eval2(m.left(), env) * eval2(m.right(), env);
        else if (e instanceof Neg n) return -eval2(n.inner(), env);
        else if (e instanceof Var v) {
            Integer val = env.get(v.name());
            if (val == null) throw new NoSuchElementException("unbound variable " + v.name());
            return val;
        }
        throw new IllegalStateException();
    }

    static String show(Expr e) {
        if (e instanceof Num n) return n.value() < 0 ? "(" + n.value() + ")" : String.valueOf(n.value());
        if (e instanceof Add a) return "(" + show(a.left()) + " + " + show(a.right()) + ")";
        if (e instanceof Mul m) return show(m.left()) + " * " + show(m.right());
        if (e instanceof Neg n) return "-" + show(n.inner());
        if (e instanceof Var v) return v.name();
        return "?";
    }

    static Expr simplify(Expr e) {
        if (e instanceof Add a) {
            Expr l = simplify(a.left()), r = simplify(a.right());
            if (l instanceof Num n && n.value() == 0) return r;
            if (r instanceof Num n && n.value() == 0) return l;
            if (l instanceof Num x && r instanceof Num y) return new Num(x.value() + y.value());
            return new Add(l, r);
        }
        if (e instanceof Mul m) {
            Expr l = simplify(m.left()), r = simplify(m.right());
            if (l instanceof Num n && n.value() == 1) return r;
            if (r instanceof Num n && n.value() == 1) return l;
            if ((l instanceof Num n && n.value() == 0) || (r instanceof Num n2 && n2.value() == 0)) return new Num(0);
            if (l instanceof Num x && r instanceof Num y) return new Num(x.value() * y.value());
            return new Mul(l, r);
        }
        if (e instanceof Neg n) {
            Expr i = simplify(n.inner());
            if (i instanceof Neg nn) return nn.inner();
            if (i instanceof Num x) return new Num(-x.value());
            return new Neg(i);
        }
        return e;
    }

    public static void main(String[] args) {
        List<Shape> shapes = List.of(new Circle(1.5), new Square(2), new Rectangle(3, 4.5), new Rectangle(-1, 2), new Triangle(3, 4, 5));
        for (Shape s : shapes) System.out.println(s + " area=" + area(s));
        System.out.println(Shape.class.isSealed() + " " + Circle.class.isSealed() + " permitted " + Shape.class.getPermittedSubclasses().length);
        for (Class<?> c : Expr.class.getPermittedSubclasses()) System.out.println("permits " + c.getSimpleName());
        Map<String, Integer> env = new TreeMap<>(Map.of("x", 5, "y", -3));
        Expr e = new Add(new Mul(new Num(2), new Var("x")), new Neg(new Add(new Var("y"), new Num(0))));
        System.out.println(e);
        System.out.println(show(e) + " = " + eval2(e, env));
        Expr big = new Mul(new Add(new Num(1), new Num(0)), new Neg(new Neg(new Mul(new Var("x"), new Num(1)))));
        System.out.println(show(big) + " => " + show(simplify(big)) + " = " + eval2(big, env));
        Expr allNums = new Add(new Mul(new Num(3), new Num(4)), new Neg(new Num(5)));
        System.out.println(show(allNums) + " => " + simplify(allNums));
        try {
            eval2(new Var("z"), env);
        } catch (NoSuchElementException ex) {
            System.out.println("error: " + ex.getMessage());
        }
        Object[] things = {1, "str", 2.5, List.of(1), new Circle(1), null, 'c', new int[]{1, 2}};
        for (Object o : things) {
            String d;
            if (o instanceof Integer i && i > 0) d = "positive int " + i;
            else if (o instanceof String s && !s.isEmpty()) d = "string of length " + s.length();
            else if (o instanceof Number n) d = "number " + n.doubleValue();
            else if (o instanceof List<?> l) d = "list size " + l.size();
            else if (o instanceof Shape s) d = "shape with area " + area(s);
            else if (o instanceof int[] arr) d = "int array of " + arr.length;
            else if (o == null) d = "null";
            else d = "other " + o;
            System.out.println(d);
        }
        Object x = "scoped";
        if (!(x instanceof String s)) {
            System.out.println("not a string");
        } else {
            System.out.println("flow scoping " + s.toUpperCase());
        }
    }
}
