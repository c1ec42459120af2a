import java.util.*;

public class ArrayCopy {
    interface Op { void run(); }
    static void attempt(String label, Op op) {
        try {
            op.run();
            System.out.println(label + ": ok");
        } catch (RuntimeException e) {
            System.out.println(label + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        int[] a = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        int[] b = new int[10];
        System.arraycopy(a, 0, b, 0, 10);
        System.out.println(Arrays.toString(b));
        int[] c = a.clone();
        System.arraycopy(c, 0, c, 3, 5);
        System.out.println("overlap forward: " + Arrays.toString(c));
        c = a.clone();
        System.arraycopy(c, 3, c, 0, 5);
        System.out.println("overlap backward: " + Arrays.toString(c));
        c = a.clone();
        System.arraycopy(c, 2, c, 2, 5);
        System.out.println("same position: " + Arrays.toString(c));
        System.arraycopy(c, 0, c, 9, 1);
        System.out.println("single: " + Arrays.toString(c));
        System.arraycopy(a, 10, b, 10, 0);
        System.out.println("zero length at end ok");
        String[] s = {"a", "b", "c", "d"};
        Object[] o = new Object[6];
        System.arraycopy(s, 1, o, 2, 3);
        System.out.println(Arrays.toString(o));
        Object[] mixed = {"x", 1, "y"};
        String[] dest = new String[3];
        attempt("partial store", () -> System.arraycopy(mixed, 0, dest, 0, 3));
        System.out.println("after partial: " + Arrays.toString(dest));
        attempt("int to long", () -> System.arraycopy(new int[2], 0, new long[2], 0, 2));
        attempt("int[] to Object[]", () -> System.arraycopy(new int[2], 0, new Object[2], 0, 2));
        attempt("String to Integer[]", () -> System.arraycopy(new String[]{"s"}, 0, new Integer[1], 0, 1));
        attempt("not an array src", () -> System.arraycopy("str", 0, new char[3], 0, 3));
        attempt("not an array dst", () -> System.arraycopy(new char[3], 0, "str", 0, 3));
        attempt("null src", () -> System.arraycopy(null, 0, new int[1], 0, 1));
        attempt("null dst", () -> System.arraycopy(new int[1], 0, null, 0, 1));
        attempt("negative srcPos", () -> System.arraycopy(a, -1, b, 0, 1));
        attempt("negative destPos", () -> System.arraycopy(a, 0, b, -2, 1));
        attempt("negative length", () -> System.arraycopy(a, 0, b, 0, -3));
        attempt("src overflow", () -> System.arraycopy(a, 5, b, 0, 6));
        attempt("dst overflow", () -> System.arraycopy(a, 0, b, 8, 3));
        attempt("long[] overflow", () -> System.arraycopy(new long[4], 2, new long[4], 0, 3));
        attempt("Object[] overflow", () -> System.arraycopy(new String[2], 0, new Object[1], 0, 2));
        attempt("byte[] to byte[]", () -> System.arraycopy(new byte[]{1, 2}, 0, new byte[2], 0, 2));
        attempt("int[][] to Object[]", () -> System.arraycopy(new int[][]{{1}}, 0, new Object[1], 0, 1));
        attempt("Object[] with int[] into int[][]", () -> System.arraycopy(new Object[]{new int[]{1}, "s"}, 0, new int[2][], 0, 2));
        char[] chars = "hello world".toCharArray();
        System.arraycopy(chars, 6, chars, 0, 5);
        System.out.println(new String(chars));
        double[] d = {1.5, 2.5, 3.5};
        double[] d2 = Arrays.copyOf(d, 5);
        double[] d3 = Arrays.copyOfRange(d, 1, 4);
        System.out.println(Arrays.toString(d2) + " " + Arrays.toString(d3));
        String[] grown = Arrays.copyOf(s, 6);
        Object[] asObj = Arrays.copyOf(s, 2, Object[].class);
        System.out.println(Arrays.toString(grown) + " " + asObj.getClass().getSimpleName() + " " + Arrays.toString(asObj));
        attempt("copyOf type mismatch", () -> Arrays.copyOf(new Object[]{1}, 1, String[].class));
        boolean[] bools = Arrays.copyOf(new boolean[]{true}, 3);
        char[] cs = Arrays.copyOf(new char[]{'a'}, 3);
        System.out.println(Arrays.toString(bools) + " " + (int) cs[2]);
        int[] big = new int[100000];
        for (int i = 0; i < big.length; i++) big[i] = i;
        System.arraycopy(big, 0, big, 1, big.length - 1);
        long sum = 0;
        for (int x : big) sum += x;
        System.out.println("big shift sum " + sum + " first " + big[0] + " " + big[1] + " last " + big[big.length - 1]);
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 10; i++) list.add(i);
        list.add(5, 100);
        list.remove(2);
        System.out.println(list);
    }
}
