import java.util.*;
import java.util.function.*;

public class CustomIterables {
    static class Range implements Iterable<Integer> {
        final int lo, hi, step;
        Range(int lo, int hi, int step) { this.lo = lo; this.hi = hi; this.step = step; }
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                int cur = lo;
                public boolean hasNext() { return step > 0 ? cur < hi : cur > hi; }
                public Integer next() {
                    if (!hasNext()) throw new NoSuchElementException("range exhausted at " + cur);
                    int v = cur;
                    cur += step;
                    return v;
                }
            };
        }
    }

    static class Fib implements Iterator<Long> {
        long a = 0, b = 1;
        public boolean hasNext() { return true; }
        public Long next() {
            long r = a;
            a = b;
            b = r + b;
            return r;
        }
    }

    static <T> Iterable<T> filter(Iterable<T> src, Predicate<T> p) {
        return () -> new Iterator<T>() {
            final Iterator<T> it = src.iterator();
            T pending;
            boolean has;
            void advance() {
                while (!has && it.hasNext()) {
                    T t = it.next();
                    if (p.test(t)) { pending = t; has = true; }
                }
            }
            public boolean hasNext() { advance(); return has; }
            public T next() {
                advance();
                if (!has) throw new NoSuchElementException();
                has = false;
                return pending;
            }
        };
    }

    static <T, R> Iterable<R> map(Iterable<T> src, Function<T, R> f) {
        return () -> {
            Iterator<T> it = src.iterator();
            return new Iterator<R>() {
                public boolean hasNext() { return it.hasNext(); }
                public R next() { return f.apply(it.next()); }
            };
        };
    }

    static class Tree<T extends Comparable<T>> implements Iterable<T> {
        class Node {
            T val;
            Node left, right;
            Node(T v) { val = v; }
        }
        Node root;
        int size;
        void add(T v) {
            if (root == null) { root = new Node(v); size++; return; }
            Node n = root;
            while (true) {
                int c = v.compareTo(n.val);
                if (c == 0) return;
                if (c < 0) { if (n.left == null) { n.left = new Node(v); size++; return; } n = n.left; }
                else { if (n.right == null) { n.right = new Node(v); size++; return; } n = n.right; }
            }
        }
        public Iterator<T> iterator() {
            Deque<Node> stack = new ArrayDeque<>();
            for (Node n = root; n != null; n = n.left) stack.push(n);
            return new Iterator<T>() {
                public boolean hasNext() { return !stack.isEmpty(); }
                public T next() {
                    Node n = stack.pop();
                    for (Node m = n.right; m != null; m = m.left) stack.push(m);
                    return n.val;
                }
            };
        }
        int height(Node n) { return n == null ? 0 : 1 + Math.max(height(n.left), height(n.right)); }
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int x : new Range(0, 20, 3)) sb.append(x).append(' ');
        System.out.println(sb);
        sb.setLength(0);
        for (int x : new Range(10, -10, -4)) sb.append(x).append(' ');
        System.out.println(sb);
        Iterator<Integer> it = new Range(0, 2, 1).iterator();
        it.next();
        it.next();
        try {
            it.next();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE: " + e.getMessage());
        }
        try {
            it.remove();
        } catch (UnsupportedOperationException e) {
            System.out.println("UOE: " + e.getMessage());
        }
        Fib fib = new Fib();
        sb.setLength(0);
        for (int i = 0; i < 30; i++) sb.append(fib.next()).append(' ');
        System.out.println(sb);
        sb.setLength(0);
        for (String s : map(filter(new Range(1, 50, 1), x -> x % 7 == 0), x -> "<" + x * x + ">")) sb.append(s);
        System.out.println(sb);
        Tree<String> tree = new Tree<>();
        for (String w : "m f t b h p w a c g i n q v x e".split(" ")) tree.add(w);
        tree.add("m");
        sb.setLength(0);
        for (String s : tree) sb.append(s);
        System.out.println(sb + " size " + tree.size + " height " + tree.height(tree.root));
        Tree<Integer> nums = new Tree<>();
        Random r = new Random(99);
        for (int i = 0; i < 500; i++) nums.add(r.nextInt(1000));
        int prev = -1, count = 0;
        boolean sorted = true;
        for (int v : nums) {
            if (v <= prev) sorted = false;
            prev = v;
            count++;
        }
        System.out.println("tree count " + count + " sorted " + sorted + " size " + nums.size + " height " + nums.height(nums.root));
        Iterable<Integer> lambdaIter = () -> List.of(3, 1, 4, 1, 5).iterator();
        lambdaIter.forEach(x -> System.out.print(x + ";"));
        System.out.println();
        Spliterator<Integer> sp = List.of(1, 2, 3, 4, 5, 6, 7, 8).spliterator();
        System.out.println("spliterator size " + sp.estimateSize() + " characteristics sized=" + sp.hasCharacteristics(Spliterator.SIZED));
        sp.tryAdvance(x -> System.out.println("first " + x));
        sp.forEachRemaining(x -> System.out.print(x));
        System.out.println();
        PrimitiveIterator.OfInt pi = java.util.stream.IntStream.range(0, 5).iterator();
        int total = 0;
        while (pi.hasNext()) total += pi.nextInt();
        System.out.println("total " + total);
        Enumeration<String> en = Collections.enumeration(List.of("e1", "e2"));
        while (en.hasMoreElements()) System.out.println(en.nextElement());
    }
}
