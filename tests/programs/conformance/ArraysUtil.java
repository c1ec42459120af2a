import java.util.*;

public class ArraysUtil {
    public static void main(String[] args) {
        int[] ints = {5, -3, 9, 0, 2, 9, -8, 7, 1};
        int[] sorted = ints.clone();
        Arrays.sort(sorted);
        System.out.println(Arrays.toString(sorted) + " search 7 " + Arrays.binarySearch(sorted, 7) + " search 4 " + Arrays.binarySearch(sorted, 4) + " search -100 " + Arrays.binarySearch(sorted, -100));
        int[] part = ints.clone();
        Arrays.sort(part, 2, 6);
        System.out.println(Arrays.toString(part));
        long[] longs = {Long.MAX_VALUE, Long.MIN_VALUE, 0, -1, 1};
        Arrays.sort(longs);
        System.out.println(Arrays.toString(longs));
        char[] chars = "the quick brown fox".toCharArray();
        Arrays.sort(chars);
        System.out.println("[" + new String(chars) + "]");
        byte[] bytes = {127, -128, 0, -1, 1};
        Arrays.sort(bytes);
        short[] shorts = {300, -300, 0};
        Arrays.sort(shorts);
        System.out.println(Arrays.toString(bytes) + " " + Arrays.toString(shorts));
        double[] ds = {3.5, -0.0, Double.NaN, 0.0, Double.NEGATIVE_INFINITY, -1e-300, 1e300, Double.MIN_VALUE};
        Arrays.sort(ds);
        System.out.println(Arrays.toString(ds));
        float[] fs = {Float.NaN, 2f, -0f, 0f, -2f};
        Arrays.sort(fs);
        System.out.println(Arrays.toString(fs));
        String[] strs = {"pear", "Apple", "fig", "apple", "Banana", "cherry"};
        String[] s1 = strs.clone();
        Arrays.sort(s1);
        String[] s2 = strs.clone();
        Arrays.sort(s2, String.CASE_INSENSITIVE_ORDER);
        String[] s3 = strs.clone();
        Arrays.sort(s3, Comparator.comparing(String::length));
        System.out.println(Arrays.toString(s1) + " " + Arrays.toString(s2) + " " + Arrays.toString(s3));
        System.out.println(Arrays.binarySearch(s1, "fig") + " " + Arrays.binarySearch(s2, "BANANA", String.CASE_INSENSITIVE_ORDER));
        Integer[] boxed = new Integer[50];
        for (int i = 0; i < boxed.length; i++) boxed[i] = (i * 37) % 50 - 25;
        Arrays.sort(boxed, Collections.reverseOrder());
        System.out.println(Arrays.toString(boxed));
        int[] rnd = new int[5000];
        Random r = new Random(5);
        for (int i = 0; i < rnd.length; i++) rnd[i] = r.nextInt(100000) - 50000;
        Arrays.sort(rnd);
        boolean ok = true;
        for (int i = 1; i < rnd.length; i++) if (rnd[i - 1] > rnd[i]) ok = false;
        System.out.println("big sort ok " + ok + " min " + rnd[0] + " max " + rnd[rnd.length - 1] + " median " + rnd[2500]);
        Object[] objs = new Object[2000];
        for (int i = 0; i < objs.length; i++) objs[i] = "s" + r.nextInt(1000);
        Arrays.sort(objs);
        System.out.println(objs[0] + " " + objs[999] + " " + objs[1999]);
        int[] filled = new int[8];
        Arrays.fill(filled, 7);
        Arrays.fill(filled, 2, 5, -1);
        System.out.println(Arrays.toString(filled));
        int[] setAll = new int[10];
        Arrays.setAll(setAll, i -> i * i);
        System.out.println(Arrays.toString(setAll));
        int[] prefix = {1, 2, 3, 4, 5};
        Arrays.parallelPrefix(prefix, Integer::sum);
        System.out.println(Arrays.toString(prefix));
        System.out.println(Arrays.equals(new int[]{1, 2}, new int[]{1, 2}) + " " + Arrays.equals(new double[]{Double.NaN}, new double[]{Double.NaN}) + " " + Arrays.equals(new double[]{0.0}, new double[]{-0.0})
            + " " + Arrays.equals((int[]) null, null) + " " + Arrays.equals(new int[]{1, 2, 3}, 0, 2, new int[]{1, 2}, 0, 2));
        System.out.println(Arrays.compare(new int[]{1, 2}, new int[]{1, 3}) + " " + Arrays.compare(new int[]{1, 2, 3}, new int[]{1, 2}) + " " + Arrays.mismatch(new int[]{1, 2, 3}, new int[]{1, 2, 4})
            + " " + Arrays.mismatch(new int[]{1}, new int[]{1}) + " " + Arrays.compare(new String[]{"a"}, new String[]{"b"}) + " " + Arrays.compareUnsigned(new byte[]{-1}, new byte[]{1}));
        List<String> asList = Arrays.asList(strs);
        strs[0] = "CHANGED";
        System.out.println(asList.get(0) + " " + asList.size() + " " + asList.contains("fig"));
        System.out.println(Arrays.stream(ints).sum() + " " + Arrays.stream(ints, 2, 5).max().getAsInt() + " " + Arrays.stream(strs).filter(x -> x.length() > 4).count());
        System.out.println(Arrays.toString((int[]) null) + " " + Arrays.toString(new int[0]) + " " + Arrays.toString(new Object[]{null}) + " " + Arrays.toString(new boolean[]{true, false}));
        System.out.println(Arrays.hashCode(ints) + " " + Arrays.hashCode(ds) + " " + Arrays.hashCode(strs));
        Integer[] stable = {31, 12, 22, 11, 32, 21, 13};
        Arrays.sort(stable, Comparator.comparingInt(x -> x / 10));
        System.out.println("stable " + Arrays.toString(stable));
        Arrays.sort(stable, Comparator.comparingInt(x -> x % 10));
        System.out.println("stable2 " + Arrays.toString(stable));
        char[] spaces = new char[5];
        Arrays.fill(spaces, ' ');
        System.out.println("[" + String.valueOf(spaces) + "]");
        String[] sorted2 = {"b", "a", "c"};
        Arrays.sort(sorted2, 0, 2);
        System.out.println(Arrays.toString(sorted2));
        try {
            Arrays.sort(new Object[]{"a", 1});
        } catch (ClassCastException e) {
            System.out.println("CCE mixed sort");
        }
        try {
            Arrays.sort(new int[3], 2, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        try {
            Arrays.sort(new int[3], 0, 4);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
    }
}
