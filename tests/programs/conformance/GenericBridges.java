import java.util.*;
import java.util.function.*;

public class GenericBridges {
    interface Transformer<T, R> {
        R transform(T t);
        default <V> Transformer<T, V> then(Transformer<? super R, ? extends V> next) { return t -> next.transform(transform(t)); }
        default Transformer<T, R> logged(List<String> log) {
            return t -> {
                R r = transform(t);
                log.add(t + "->" + r);
                return r;
            };
        }
        static <A> Transformer<A, A> identity() { return a -> a; }
    }

    static class Lengther implements Transformer<String, Integer> {
        public Integer transform(String s) { return s.length(); }
    }

    static abstract class Animal implements Comparable<Animal> {
        abstract String name();
        Animal self() { return this; }
        public int compareTo(Animal o) { return name().compareTo(o.name()); }
        @Override public String toString() { return getClass().getSimpleName() + ":" + name(); }
    }
    static class Dog extends Animal {
        String name() { return "dog"; }
        @Override Dog self() { return this; }
        String bark() { return "woof"; }
    }
    static class Cat extends Animal {
        String name() { return "cat"; }
    }

    static class Node<T> {
        T data;
        Node(T data) { this.data = data; }
        void setData(T data) { System.out.println("Node.setData"); this.data = data; }
    }
    static class IntNode extends Node<Integer> {
        IntNode(Integer data) { super(data); }
        @Override void setData(Integer data) { System.out.println("IntNode.setData " + data); super.setData(data * 2); }
    }

    interface Source<T> { T get(); }
    static class StringSource implements Source<String> {
        public String get() { return "from-string-source"; }
    }

    interface Visitor<R> {
        R visitNum(int n);
        R visitAdd(Expr a, Expr b);
    }
    interface Expr { <R> R accept(Visitor<R> v); }
    static Expr num(int n) { return new Expr() { public <R> R accept(Visitor<R> v) { return v.visitNum(n); } }; }
    static Expr add(Expr a, Expr b) { return new Expr() { public <R> R accept(Visitor<R> v) { return v.visitAdd(a, b); } }; }

    public static void main(String[] args) {
        Transformer<String, Integer> len = new Lengther();
        Transformer<String, String> pipeline = len.then(n -> n * n).then(n -> "sq=" + n);
        System.out.println(pipeline.transform("hello"));
        List<String> log = new ArrayList<>();
        Transformer<Integer, Integer> doubler = x -> x * 2;
        Transformer<Integer, Integer> logged = doubler.logged(log).then(Transformer.<Integer>identity()).logged(log);
        for (int i = 1; i <= 3; i++) logged.transform(i);
        System.out.println(log);
        @SuppressWarnings({"rawtypes", "unchecked"})
        Transformer raw = len;
        try {
            raw.transform(42);
        } catch (ClassCastException e) {
            System.out.println("bridge CCE caught: " + e.getMessage());
        }
        List<Animal> zoo = new ArrayList<>(List.of(new Dog(), new Cat(), new Dog()));
        Collections.sort(zoo);
        System.out.println(zoo);
        @SuppressWarnings({"rawtypes", "unchecked"})
        Comparable rawCmp = new Dog();
        System.out.println("raw compareTo " + rawCmp.compareTo(new Cat()));
        try {
            rawCmp.compareTo("not an animal");
        } catch (ClassCastException e) {
            System.out.println("raw compareTo CCE");
        }
        Animal a = new Dog();
        System.out.println(a.self() + " " + ((Dog) a).self().bark());
        Node<Integer> n = new IntNode(5);
        n.setData(21);
        System.out.println("data " + n.data);
        @SuppressWarnings({"rawtypes", "unchecked"})
        Node rawNode = n;
        try {
            rawNode.setData("string");
        } catch (ClassCastException e) {
            System.out.println("IntNode bridge CCE");
        }
        Source<String> src = new StringSource();
        Source<?> wild = src;
        Object got = wild.get();
        System.out.println(got + " " + src.get().length());
        Expr e = add(num(3), add(num(4), num(5)));
        int value = e.accept(new Visitor<Integer>() {
            public Integer visitNum(int x) { return x; }
            public Integer visitAdd(Expr l, Expr r) { return l.accept(this) + r.accept(this); }
        });
        String shown = e.accept(new Visitor<String>() {
            public String visitNum(int x) { return String.valueOf(x); }
            public String visitAdd(Expr l, Expr r) { return "(" + l.accept(this) + "+" + r.accept(this) + ")"; }
        });
        System.out.println(shown + " = " + value);
        int bridges = 0;
        for (java.lang.reflect.Method m : Lengther.class.getDeclaredMethods()) if (m.isBridge()) bridges++;
        System.out.println("Lengther bridge methods: " + bridges);
        int dogBridges = 0;
        for (java.lang.reflect.Method m : Dog.class.getDeclaredMethods()) if (m.isBridge()) dogBridges++;
        System.out.println("Dog bridge methods: " + dogBridges);
        Function<Object, String> f = Object::toString;
        Function<String, Object> g = f::apply;
        System.out.println(g.apply("contravariant"));
    }
}
