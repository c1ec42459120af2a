public class InheritanceSuper {
    static class A {
        String name = "A.name";
        static String sname = "A.static";
        A() {
            System.out.println("A() calls describe(): " + describe());
        }
        String describe() { return "A.describe"; }
        static String stat() { return "A.stat"; }
        String callDescribe() { return describe(); }
        protected int value() { return 1; }
        private String secret() { return "A.secret"; }
        String revealSecret() { return secret(); }
    }

    static class B extends A {
        String name = "B.name";
        static String sname = "B.static";
        final int x = 42;
        int y = 7;
        B() {
            super();
            System.out.println("B() y=" + y);
        }
        @Override String describe() { return "B.describe x=" + x + " y=" + y + " name=" + name; }
        static String stat() { return "B.stat"; }
        @Override protected int value() { return super.value() + 10; }
        String superName() { return super.name + "/" + name + "/" + ((A) this).name; }
        String superDescribe() { return super.describe(); }
        private String secret() { return "B.secret"; }
    }

    static class C extends B {
        @Override String describe() { return "C.describe -> " + super.describe(); }
        @Override protected int value() { return super.value() * 100; }
    }

    static abstract class Shape {
        private static int count;
        protected final int id;
        Shape() { id = ++count; }
        abstract double area();
        public String toString() { return getClass().getSimpleName() + "#" + id + "[" + String.format("%.2f", area()) + "]"; }
    }
    static class Sq extends Shape {
        double s;
        Sq(double s) { this.s = s; }
        double area() { return s * s; }
    }
    static class Cube extends Sq {
        Cube(double s) { super(s); }
        @Override double area() { return 6 * super.area(); }
        double volume() { return s * s * s; }
    }

    static class Parent {
        void m(Object o) { System.out.println("Parent.m(Object)"); }
        void m(String s) { System.out.println("Parent.m(String)"); }
    }
    static class Child extends Parent {
        @Override void m(Object o) { System.out.println("Child.m(Object)"); }
    }

    public static void main(String[] args) {
        System.out.println("--- new B()");
        B b = new B();
        System.out.println(b.describe());
        A ab = b;
        System.out.println("field via A ref: " + ab.name + ", via B ref: " + b.name);
        System.out.println("static via type: " + A.stat() + " " + B.stat() + " " + A.sname + " " + B.sname);
        System.out.println(b.superName() + " | " + b.superDescribe() + " | " + ab.callDescribe());
        System.out.println("value " + ab.value() + " secret " + ab.revealSecret());
        System.out.println("--- new C()");
        C c = new C();
        A ac = c;
        System.out.println(ac.describe() + " value=" + ac.value());
        System.out.println(c instanceof B);
        System.out.println(ac instanceof C);
        Shape[] shapes = {new Sq(2), new Cube(2), new Sq(1.5)};
        for (Shape s : shapes) System.out.println(s);
        System.out.println(((Cube) shapes[1]).volume());
        try {
            Cube bad = (Cube) shapes[0];
            System.out.println(bad);
        } catch (ClassCastException e) {
            System.out.println("CCE: " + e.getMessage());
        }
        Parent p = new Child();
        p.m("str");
        p.m((Object) "str");
        p.m(1);
        Object o = b;
        System.out.println((o instanceof A) + " " + (o instanceof C) + " " + o.getClass().getName() + " " + o.getClass().getSuperclass().getName()
            + " " + o.getClass().getSuperclass().getSuperclass().getName());
        System.out.println(A.class.isAssignableFrom(C.class) + " " + C.class.isAssignableFrom(A.class) + " " + B.class.isInstance(c));
    }
}
