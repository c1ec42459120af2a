import java.util.*;

public class Varargs {
    static int sum(int... xs) {
        int s = 0;
        for (int x : xs) s += x;
        return s;
    }
    static String describe(String label, Object... args) {
        return label + ":" + (args == null ? "null" : args.length + Arrays.toString(args));
    }
    static String types(Object... args) {
        StringBuilder sb = new StringBuilder();
        for (Object a : args) sb.append(a == null ? "null" : a.getClass().getSimpleName()).append(' ');
        return sb.toString().trim();
    }
    static <T> T firstOr(T dflt, T... xs) { return xs.length > 0 ? xs[0] : dflt; }
    static long mul(long... xs) { long p = 1; for (long x : xs) p *= x; return p; }
    static double avg(double first, double... rest) {
        double s = first;
        for (double r : rest) s += r;
        return s / (rest.length + 1);
    }
    static String chars(char... cs) { return new String(cs) + "/" + cs.length; }
    static int count(String... s) { return s.length; }
    static String mixed(int a, String... s) { return a + "+" + String.join(",", s); }
    static int[] identity(int... xs) { return xs; }
    static String nested(int[]... arrays) {
        StringBuilder sb = new StringBuilder();
        for (int[] a : arrays) sb.append(Arrays.toString(a));
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.println(sum() + " " + sum(1) + " " + sum(1, 2, 3) + " " + sum(new int[]{4, 5}));
        System.out.println(describe("none"));
        System.out.println(describe("one", 1));
        System.out.println(describe("two", "a", 'b'));
        System.out.println(describe("array", (Object[]) new String[]{"x", "y"}));
        System.out.println(describe("arrayAsOne", (Object) new String[]{"x", "y"}).startsWith("arrayAsOne:1"));
        System.out.println(describe("nullArray", (Object[]) null));
        System.out.println(describe("nullElem", (Object) null));
        System.out.println(describe("nulls", null, null));
        System.out.println(types(1, 2L, 3.0, 4f, 'c', "s", true, (byte) 1, (short) 2, null, new int[0], List.of()));
        System.out.println(firstOr("dflt") + " " + firstOr("dflt", "a", "b") + " " + firstOr(0, 5));
        System.out.println(mul() + " " + mul(2, 3, 4) + " " + mul(1L << 31, 4));
        System.out.println(avg(1) + " " + avg(1, 2) + " " + avg(1, 2, 3, 4));
        System.out.println(chars() + " " + chars('h', 'i') + " " + count() + " " + count("a", "b", "c") + " " + count((String) null));
        System.out.println(mixed(1) + " " + mixed(2, "x") + " " + mixed(3, "x", "y"));
        int[] arr = {1, 2, 3};
        int[] same = identity(arr);
        System.out.println((same == arr) + " " + identity().length + " " + identity(9, 8).length);
        System.out.println(nested() + " " + nested(new int[]{1}, new int[]{2, 3}) + " " + nested(new int[0][]));
        System.out.println(String.format("%s-%s-%s", "a", "b", "c") + " " + String.format("no args") + " " + Arrays.asList(1, 2, 3) + " " + Arrays.asList().size());
        List<int[]> weird = Arrays.asList(new int[]{1, 2});
        System.out.println(weird.size() + " " + weird.get(0).length);
        List<Integer> boxedList = Arrays.asList(new Integer[]{1, 2});
        System.out.println(boxedList.size());
        System.out.println(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12).size() + " " + Set.of(new String[]{"q"}).size());
        Object[] objs = new Integer[]{1, 2};
        System.out.println(describe("covariant", objs));
        System.out.println(Objects.hash(1, 2, 3) + " " + Objects.hash((Object[]) new Integer[]{1, 2, 3}) + " " + Arrays.hashCode(new Object[]{1, 2, 3}));
        System.out.println(Math.max(sum(1, 2), sum(3)) + " " + String.join("|", "a", "b") + " " + String.join("|", new String[]{"c", "d"}));
        System.out.printf("%d %s %.1f%n", 1, "two", 3.0);
        System.out.printf("no-args%n");
    }
}
