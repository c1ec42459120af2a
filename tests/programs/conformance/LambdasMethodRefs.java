import java.util.*;
import java.util.function.*;

public class LambdasMethodRefs {
    private final String name;
    private int calls;

    LambdasMethodRefs(String name) { this.name = name; }
    LambdasMethodRefs() { this("default"); }

    static int twice(int x) { return 2 * x; }
    static String shout(String s) { return s.toUpperCase() + "!"; }
    String greet(String who) { calls++; return name + " greets " + who; }
    int nameLength() { return name.length(); }
    @Override public String toString() { return "LMR(" + name + ")"; }

    Supplier<String> selfSupplier() { return () -> this.name + "/" + calls; }
    Function<String, String> boundGreet() { return this::greet; }

    static class Counter {
        int count;
        void inc() { count++; }
        int get() { return count; }
    }

    static class Box<T> {
        final T value;
        Box(T value) { this.value = value; }
        <R> Box<R> map(Function<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }
        @Override public String toString() { return "Box[" + value + "]"; }
    }

    public static void main(String[] args) {
        IntUnaryOperator st = LambdasMethodRefs::twice;
        Function<String, String> st2 = LambdasMethodRefs::shout;
        System.out.println("static: " + st.applyAsInt(21) + " " + st2.apply("hey"));
        LambdasMethodRefs obj = new LambdasMethodRefs("Ann");
        Function<String, String> bound = obj::greet;
        System.out.println("bound: " + bound.apply("Bob") + " " + bound.apply("Cid") + " calls=" + obj.calls);
        Function<LambdasMethodRefs, Integer> unbound = LambdasMethodRefs::nameLength;
        BiFunction<LambdasMethodRefs, String, String> unbound2 = LambdasMethodRefs::greet;
        System.out.println("unbound: " + unbound.apply(obj) + " " + unbound2.apply(new LambdasMethodRefs("Zed"), "you"));
        Function<String, Integer> strLen = String::length;
        BiFunction<String, String, Boolean> startsWith = String::startsWith;
        Comparator<String> cmp = String::compareToIgnoreCase;
        System.out.println("jdk unbound: " + strLen.apply("four") + " " + startsWith.apply("prefix", "pre") + " " + cmp.compare("a", "B"));
        Supplier<LambdasMethodRefs> ctor0 = LambdasMethodRefs::new;
        Function<String, LambdasMethodRefs> ctor1 = LambdasMethodRefs::new;
        System.out.println("ctor: " + ctor0.get() + " " + ctor1.apply("X"));
        Supplier<List<String>> listCtor = ArrayList::new;
        List<String> l = listCtor.get();
        l.add("a");
        Function<Integer, StringBuilder> sbCtor = StringBuilder::new;
        System.out.println("jdk ctor: " + l + " cap " + sbCtor.apply(77).capacity());
        IntFunction<int[]> arrCtor = int[]::new;
        Function<Integer, String[]> sarrCtor = String[]::new;
        IntFunction<long[][]> arr2 = long[][]::new;
        System.out.println("array ctor: " + arrCtor.apply(5).length + " " + sarrCtor.apply(3).length + " " + arr2.apply(4).length + " " + Arrays.toString(arrCtor.apply(3)));
        String[] fromStream = List.of("p", "q").stream().toArray(String[]::new);
        System.out.println(Arrays.toString(fromStream));
        int base = 10;
        String suffix = "!";
        IntUnaryOperator addBase = x -> x + base;
        Function<String, String> addSuffix = s -> s + suffix + base;
        System.out.println("capture: " + addBase.applyAsInt(5) + " " + addSuffix.apply("wow"));
        Supplier<String> self = obj.selfSupplier();
        obj.greet("again");
        System.out.println("this-capture: " + self.get() + " " + obj.boundGreet().apply("Q") + " " + self.get());
        Counter c = new Counter();
        Runnable inc = c::inc;
        for (int i = 0; i < 5; i++) inc.run();
        IntSupplier getter = c::get;
        System.out.println("counter " + getter.getAsInt());
        Box<String> box = new Box<>("hello");
        System.out.println(box.map(String::length).map(LambdasMethodRefs::twice).map(Integer::toBinaryString));
        Function<Integer, Function<Integer, Integer>> curried = a -> b -> a * 10 + b;
        System.out.println("curried " + curried.apply(4).apply(2));
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Comparator.naturalOrder());
        System.out.println("maxBy " + max.apply(3, 9) + " minBy " + BinaryOperator.<String>minBy(Comparator.comparing(String::length)).apply("long", "s"));
        Function<Integer, Integer> plus1 = x -> x + 1;
        Function<Integer, Integer> times3 = x -> x * 3;
        System.out.println("compose " + plus1.compose(times3).apply(5) + " andThen " + plus1.andThen(times3).apply(5) + " identity " + Function.<String>identity().apply("id"));
        Runnable r = () -> System.out.println("runnable ran");
        r.run();
        Callable0<String> call = () -> "callable";
        System.out.println(call.call());
        Object o = (Runnable & java.io.Serializable) () -> {};
        System.out.println("intersection cast is Runnable " + (o instanceof Runnable) + " Serializable " + (o instanceof java.io.Serializable));
        List<Supplier<Integer>> sups = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            final int j = i;
            sups.add(() -> j * j);
        }
        StringBuilder sb = new StringBuilder();
        for (Supplier<Integer> s : sups) sb.append(s.get()).append(' ');
        System.out.println("loop capture " + sb);
        String[] words = {"delta", "Alpha", "charlie", "Bravo"};
        Arrays.sort(words, String::compareTo);
        System.out.println(Arrays.toString(words));
        Arrays.sort(words, String.CASE_INSENSITIVE_ORDER::compare);
        System.out.println(Arrays.toString(words));
        Consumer<String> printer = System.out::println;
        printer.andThen(s -> System.out.println(s.length())).accept("consumer chain");
        Function<String, Integer> parse = Integer::parseInt;
        ToIntFunction<String> parse2 = Integer::parseInt;
        System.out.println(parse.apply("123") + parse2.applyAsInt("877"));
        Function<Object, String> toStr = Object::toString;
        System.out.println(toStr.apply(42) + toStr.apply(List.of(1)));
        BiFunction<Integer, Integer, Integer> sum = Integer::sum;
        System.out.println(sum.andThen(x -> x * 2).apply(3, 4));
        Supplier<Supplier<String>> nested = () -> () -> "nested";
        System.out.println(nested.get().get());
        Function<String[], List<String>> asList = Arrays::asList;
        System.out.println(asList.apply(new String[]{"v1", "v2"}));
        new LambdasMethodRefs("inner").runInner();
    }

    void runInner() {
        Runnable r = () -> {
            Runnable r2 = () -> System.out.println("nested lambda sees " + name + " " + this);
            r2.run();
        };
        r.run();
    }

    interface Callable0<T> { T call(); }
}
