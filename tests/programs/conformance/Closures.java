import java.util.*;
import java.util.function.*;

public class Closures {
    interface Counter { int next(); }
    private int field = 100;
    static int staticField = 1000;

    static Counter makeCounter(int start, int step) {
        int[] state = {start};
        return () -> {
            int v = state[0];
            state[0] += step;
            return v;
        };
    }

    static Function<Integer, Integer> memoize(Function<Integer, Integer> f, Map<Integer, Integer> cache) {
        return x -> cache.computeIfAbsent(x, f);
    }

    static Function<Integer, Long> fib;

    Supplier<Integer> fieldReader() { return () -> field; }
    Runnable fieldWriter() { return () -> field += 5; }

    public static void main(String[] args) {
        Counter c1 = makeCounter(0, 1);
        Counter c2 = makeCounter(100, -10);
        for (int i = 0; i < 4; i++) System.out.print(c1.next() + "/" + c2.next() + " ");
        System.out.println();
        Closures obj = new Closures();
        Supplier<Integer> r = obj.fieldReader();
        Runnable w = obj.fieldWriter();
        System.out.print(r.get() + " ");
        w.run();
        w.run();
        System.out.println(r.get() + " " + obj.field);
        Supplier<Integer> sr = () -> staticField;
        staticField = 2000;
        System.out.println("static read " + sr.get());
        Map<Integer, Long> memo = new HashMap<>();
        fib = n -> {
            if (n < 2) return (long) n;
            Long cached = memo.get(n);
            if (cached != null) return cached;
            long v = fib.apply(n - 1) + fib.apply(n - 2);
            memo.put(n, v);
            return v;
        };
        System.out.println("fib(90) = " + fib.apply(90) + " memo size " + memo.size());
        List<Runnable> actions = new ArrayList<>();
        StringBuilder log = new StringBuilder();
        for (String s : List.of("a", "b", "c")) actions.add(() -> log.append(s.toUpperCase()));
        for (int i = 0; i < 3; i++) {
            int copy = i;
            actions.add(() -> log.append(copy));
        }
        actions.forEach(Runnable::run);
        System.out.println("log " + log);
        class LocalAdder {
            int total;
            void add(int x) { total += x; }
        }
        LocalAdder adder = new LocalAdder();
        List.of(1, 2, 3, 4).forEach(adder::add);
        System.out.println("local class total " + adder.total);
        int captured = 7;
        class Multiplier {
            int apply(int x) { return x * captured; }
        }
        System.out.println("local capture " + new Multiplier().apply(6));
        Function<Integer, Function<Integer, Function<Integer, Integer>>> add3 = a -> b -> c -> a + b + c;
        Function<Integer, Function<Integer, Integer>> add10 = add3.apply(10);
        System.out.println("curry " + add10.apply(20).apply(30) + " " + add3.apply(1).apply(2).apply(3));
        BiFunction<Function<Integer, Integer>, Integer, Function<Integer, Integer>> repeat = (f, n) -> {
            Function<Integer, Integer> g = Function.identity();
            for (int i = 0; i < n; i++) g = g.andThen(f);
            return g;
        };
        System.out.println("repeat " + repeat.apply(x -> x * 2, 10).apply(1));
        Map<Integer, Integer> cache = new HashMap<>();
        int[] computeCount = {0};
        Function<Integer, Integer> slowSquare = x -> { computeCount[0]++; return x * x; };
        Function<Integer, Integer> fast = memoize(slowSquare, cache);
        int sum = 0;
        for (int i = 0; i < 100; i++) sum += fast.apply(i % 10);
        System.out.println("memo sum " + sum + " computed " + computeCount[0]);
        Supplier<Supplier<String>> outer = () -> {
            String local = "inner-" + captured;
            return () -> local + "-" + staticField;
        };
        System.out.println(outer.get().get());
        Object lock = new Object();
        Runnable anon = new Runnable() {
            int runs;
            @Override public void run() {
                runs++;
                System.out.println("anon run " + runs + " captured " + captured);
            }
        };
        anon.run();
        anon.run();
        Comparator<String> byLenCap = (a, b) -> Integer.compare(Math.abs(a.length() - captured), Math.abs(b.length() - captured));
        List<String> words = new ArrayList<>(List.of("a", "abcdefg", "abc", "abcdefghijk", "abcdef"));
        words.sort(byLenCap);
        System.out.println(words);
        Function<Integer, Integer> recursiveFactorial = new Function<>() {
            public Integer apply(Integer n) { return n <= 1 ? 1 : n * this.apply(n - 1); }
        };
        System.out.println("10! = " + recursiveFactorial.apply(10));
        Runnable[] gens = new Runnable[3];
        for (int i = 0; i < gens.length; i++) {
            int[] box = {i};
            gens[i] = () -> { box[0] += 10; System.out.print(box[0] + " "); };
        }
        for (int k = 0; k < 2; k++) for (Runnable g : gens) g.run();
        System.out.println();
        System.out.println(lock != null);
    }
}
