import java.util.*;
import java.util.function.*;

public class FunctionalPrimitives {
    @FunctionalInterface
    interface TriFunction<A, B, C, R> {
        R apply(A a, B b, C c);
        default <V> TriFunction<A, B, C, V> andThen(Function<? super R, ? extends V> after) {
            return (a, b, c) -> after.apply(apply(a, b, c));
        }
    }

    @FunctionalInterface
    interface IntOp {
        int apply(int a, int b);
        default IntOp flip() { return (a, b) -> apply(b, a); }
        default IntOp then(IntUnaryOperator f) { return (a, b) -> f.applyAsInt(apply(a, b)); }
        static IntOp of(IntBinaryOperator op) { return op::applyAsInt; }
        String toString();
    }

    @FunctionalInterface
    interface Validator<T> {
        boolean validate(T t);
        default Validator<T> and(Validator<T> other) { return t -> validate(t) && other.validate(t); }
        default Validator<T> negate() { return t -> !validate(t); }
        static <T> Validator<T> not(Validator<T> v) { return v.negate(); }
    }

    public static void main(String[] args) {
        IntBinaryOperator add = (a, b) -> a + b;
        IntBinaryOperator mul = (a, b) -> a * b;
        IntBinaryOperator pow = (a, b) -> { int r = 1; for (int i = 0; i < b; i++) r *= a; return r; };
        System.out.println(add.applyAsInt(3, 4) + " " + mul.applyAsInt(3, 4) + " " + pow.applyAsInt(3, 4));
        ToIntFunction<String> len = String::length;
        ToLongFunction<String> hash = s -> (long) s.hashCode() * 31;
        ToDoubleFunction<Integer> half = i -> i / 2.0;
        System.out.println(len.applyAsInt("hello") + " " + hash.applyAsLong("hello") + " " + half.applyAsDouble(7));
        Supplier<int[]> arrSup = () -> new int[]{1, 2, 3};
        int[] a1 = arrSup.get();
        int[] a2 = arrSup.get();
        a1[0] = 99;
        System.out.println(Arrays.toString(a1) + " " + Arrays.toString(a2));
        IntPredicate even = x -> x % 2 == 0;
        IntPredicate positive = x -> x > 0;
        System.out.println(even.and(positive).test(4) + " " + even.and(positive).test(-4) + " " + even.or(positive).test(-3) + " " + even.negate().test(3));
        LongUnaryOperator sq = x -> x * x;
        LongBinaryOperator lmax = Math::max;
        DoubleUnaryOperator sqrt = Math::sqrt;
        DoubleBinaryOperator hyp = Math::hypot;
        System.out.println(sq.andThen(x -> x + 1).applyAsLong(1L << 20) + " " + lmax.applyAsLong(-1, -5) + " " + sqrt.compose(x -> x * 4).applyAsDouble(9) + " " + hyp.applyAsDouble(5, 12));
        IntFunction<String> stars = "*"::repeat;
        IntToLongFunction cube = x -> (long) x * x * x;
        IntToDoubleFunction recip = x -> 1.0 / x;
        LongToIntFunction lowBits = x -> (int) x;
        DoubleToIntFunction floor = d -> (int) Math.floor(d);
        System.out.println(stars.apply(4) + " " + cube.applyAsLong(2000) + " " + recip.applyAsDouble(8) + " " + lowBits.applyAsInt(0x1_0000_0005L) + " " + floor.applyAsInt(-2.5));
        ObjIntConsumer<StringBuilder> appendN = (sb, n) -> sb.append(n).append(',');
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) appendN.accept(sb, i * i);
        System.out.println(sb);
        IntConsumer ic = x -> sb.append('[').append(x).append(']');
        ic.andThen(x -> sb.append('!')).accept(7);
        System.out.println(sb);
        BooleanSupplier bs = () -> sb.length() > 10;
        IntSupplier is = sb::length;
        LongSupplier ls = () -> Long.MAX_VALUE;
        DoubleSupplier ds = () -> Math.PI;
        System.out.println(bs.getAsBoolean() + " " + is.getAsInt() + " " + ls.getAsLong() + " " + ds.getAsDouble());
        UnaryOperator<String> up = String::toUpperCase;
        BinaryOperator<String> cat = String::concat;
        System.out.println(up.apply("abc") + " " + cat.apply("x", "y") + " " + UnaryOperator.<String>identity().apply("same"));
        BiConsumer<String, Integer> bc = (s, n) -> System.out.println(s.repeat(n));
        bc.andThen((s, n) -> System.out.println(n + "x" + s)).accept("ab", 3);
        BiPredicate<String, Integer> lenIs = (s, n) -> s.length() == n;
        System.out.println(lenIs.test("four", 4) + " " + lenIs.negate().test("four", 4) + " " + lenIs.and((s, n) -> n > 5).test("four", 4));
        Predicate<String> empty = String::isEmpty;
        System.out.println(Predicate.not(empty).test("") + " " + Predicate.isEqual("x").test("x") + " " + empty.or(s -> s.startsWith("a")).test("abc"));
        TriFunction<Integer, Integer, Integer, Integer> vol = (x, y, z) -> x * y * z;
        System.out.println(vol.apply(2, 3, 4) + " " + vol.andThen(v -> "vol=" + v).apply(1, 2, 3));
        IntOp sub = (a, b) -> a - b;
        System.out.println(sub.apply(10, 3) + " " + sub.flip().apply(10, 3) + " " + sub.then(x -> x * x).apply(10, 3) + " " + IntOp.of(Math::floorMod).apply(-7, 3));
        Validator<String> notBlank = s -> !s.isBlank();
        Validator<String> shortish = s -> s.length() < 6;
        Validator<String> both = notBlank.and(shortish);
        for (String s : new String[]{"", "  ", "ok", "toolong"}) System.out.println("[" + s + "] " + both.validate(s) + " " + Validator.not(both).validate(s));
        ToIntBiFunction<String, String> common = (x, y) -> { int i = 0; while (i < x.length() && i < y.length() && x.charAt(i) == y.charAt(i)) i++; return i; };
        System.out.println(common.applyAsInt("interstellar", "internet"));
        IntUnaryOperator collatz = n -> n % 2 == 0 ? n / 2 : 3 * n + 1;
        int n = 27, steps = 0;
        while (n != 1) { n = collatz.applyAsInt(n); steps++; }
        System.out.println("collatz steps " + steps);
        IntUnaryOperator composed = IntUnaryOperator.identity();
        for (int i = 1; i <= 5; i++) {
            final int k = i;
            composed = composed.andThen(x -> x * k + 1);
        }
        System.out.println("composed " + composed.applyAsInt(1));
        Function<Integer, int[]> range = k -> java.util.stream.IntStream.range(0, k).toArray();
        System.out.println(Arrays.toString(range.apply(6)));
        Map<String, IntBinaryOperator> ops = new TreeMap<>();
        ops.put("add", add);
        ops.put("mul", mul);
        ops.put("max", Math::max);
        ops.put("gcd", FunctionalPrimitives::gcd);
        ops.forEach((k, op) -> System.out.println(k + "(84,36)=" + op.applyAsInt(84, 36)));
    }

    static int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
}
