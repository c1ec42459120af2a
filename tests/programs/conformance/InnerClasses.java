import java.util.*;

public class InnerClasses {
    private int secret = 7;
    private static int staticSecret = 11;
    private final String name;

    InnerClasses(String name) { this.name = name; }

    class Inner {
        int secret = 100;
        String show() { return "Inner of " + name + " sees outer secret " + InnerClasses.this.secret + " own " + secret; }
        void bump() { InnerClasses.this.secret++; }
        class Deeper {
            String show() { return "Deeper sees " + name + " " + InnerClasses.this.secret + " " + Inner.this.secret; }
        }
    }

    static class StaticNested {
        private int hidden = 3;
        String show() { return "StaticNested sees staticSecret " + staticSecret; }
    }

    int peekNested(StaticNested n) { return n.hidden; }

    interface Greeter { String greet(String who); }

    Greeter anonymous(String prefix) {
        int local = secret * 2;
        return new Greeter() {
            int calls = 0;
            @Override public String greet(String who) {
                calls++;
                return prefix + " " + who + " (local=" + local + ", outer=" + name + ", calls=" + calls + ")";
            }
        };
    }

    List<String> localClass(int n) {
        String tag = "#";
        class Item implements Comparable<Item> {
            final int v;
            Item(int v) { this.v = v; }
            public int compareTo(Item o) { return Integer.compare(o.v, v); }
            @Override public String toString() { return tag + v + "@" + name; }
        }
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < n; i++) items.add(new Item(i * 3 % 5));
        Collections.sort(items);
        List<String> out = new ArrayList<>();
        for (Item it : items) out.add(it.toString());
        return out;
    }

    static abstract class Template {
        abstract int step(int x);
        int run(int x) { for (int i = 0; i < 3; i++) x = step(x); return x; }
    }

    class Counter implements Iterator<Integer> {
        int i = 0;
        public boolean hasNext() { return i < secret; }
        public Integer next() { return i++; }
    }

    public static void main(String[] args) {
        InnerClasses outer = new InnerClasses("outerA");
        InnerClasses.Inner in = outer.new Inner();
        System.out.println(in.show());
        in.bump();
        in.bump();
        System.out.println(in.show());
        InnerClasses.Inner.Deeper deep = in.new Deeper();
        System.out.println(deep.show());
        InnerClasses other = new InnerClasses("outerB");
        System.out.println(other.new Inner().show());
        StaticNested sn = new StaticNested();
        System.out.println(sn.show() + " hidden via outer " + outer.peekNested(sn));
        Greeter g = outer.anonymous("Hello");
        System.out.println(g.greet("Ann"));
        System.out.println(g.greet("Bob"));
        System.out.println(outer.localClass(6));
        Template t = new Template() {
            int step(int x) { return x * 2 + 1; }
        };
        Template t2 = new Template() {
            int step(int x) { return x - staticSecret; }
            @Override int run(int x) { return super.run(x) * 10; }
        };
        System.out.println(t.run(1) + " " + t2.run(100));
        StringBuilder sb = new StringBuilder();
        Iterator<Integer> it = outer.new Counter();
        while (it.hasNext()) sb.append(it.next());
        System.out.println(sb);
        System.out.println(Inner.class.getName() + " " + Inner.Deeper.class.getName() + " " + StaticNested.class.getName() + " " + g.getClass().getName()
            + " " + t.getClass().getName() + " " + t2.getClass().getName());
        System.out.println(Inner.class.getSimpleName() + " " + g.getClass().getSimpleName().isEmpty() + " " + g.getClass().isAnonymousClass()
            + " " + Inner.class.isMemberClass() + " " + Inner.class.getEnclosingClass().getSimpleName() + " " + StaticNested.class.getDeclaringClass().getSimpleName());
        Runnable r = new Runnable() {
            public void run() {
                Runnable inner = new Runnable() {
                    public void run() { System.out.println("nested anonymous " + this.getClass().getName() + " outer secret " + outer.secret); }
                };
                inner.run();
            }
        };
        r.run();
        Object o = new Object() {
            @Override public String toString() { return "anon-toString"; }
        };
        System.out.println(o);
        var anonWithMethod = new Object() {
            int twice(int x) { return 2 * x; }
        };
        System.out.println(anonWithMethod.twice(21));
        System.out.println(Inner.class.getNestHost().getSimpleName() + " " + StaticNested.class.isNestmateOf(InnerClasses.class));
    }
}
