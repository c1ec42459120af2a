import java.util.*;

public class HashCodes {
    public static void main(String[] args) {
        String[] strs = {"", "a", "Aa", "BB", "hello", "Hello, World!", "polygenelubricants", "é", "中文", "😀", "The quick brown fox jumps over the lazy dog"};
        for (String s : strs) System.out.println("\"" + s + "\".hashCode() = " + s.hashCode());
        System.out.println(Arrays.hashCode(new int[]{1, 2, 3}) + " " + Arrays.hashCode(new int[0]) + " " + Arrays.hashCode((int[]) null));
        System.out.println(Arrays.hashCode(new long[]{1L << 40, -1}) + " " + Arrays.hashCode(new double[]{0.5, -0.0, Double.NaN}) + " " + Arrays.hashCode(new float[]{1.5f}));
        System.out.println(Arrays.hashCode(new boolean[]{true, false}) + " " + Arrays.hashCode(new char[]{'a', 'b'}) + " " + Arrays.hashCode(new byte[]{-1, 1}) + " " + Arrays.hashCode(new short[]{300}));
        System.out.println(Arrays.hashCode(new String[]{"a", null, "b"}) + " " + Arrays.deepHashCode(new Object[]{new int[]{1, 2}, new String[]{"x"}, "y"}));
        System.out.println(List.of(1, 2, 3).hashCode() + " " + new ArrayList<>(List.of("a", "b")).hashCode() + " " + new LinkedList<>(List.of("a", "b")).hashCode() + " " + Collections.emptyList().hashCode());
        Map<String, Integer> m = new HashMap<>();
        m.put("one", 1);
        m.put("two", 2);
        System.out.println(m.hashCode() + " " + new TreeMap<>(m).hashCode() + " " + Map.entry("k", "v").hashCode() + " " + new AbstractMap.SimpleEntry<>("k", "v").hashCode());
        System.out.println(new HashSet<>(List.of("x", "y", "z")).hashCode() + " " + new TreeSet<>(List.of(1, 2, 3)).hashCode());
        System.out.println(Objects.hash(1, "a", 2.5) + " " + Objects.hash() + " " + Objects.hashCode(null) + " " + Objects.hash((Object) null));
        System.out.println(Integer.hashCode(-7) + " " + Long.hashCode(1L << 32) + " " + Double.hashCode(1.0) + " " + Float.hashCode(1.0f) + " " + Boolean.hashCode(true)
            + " " + Character.hashCode('z') + " " + Short.hashCode((short) -1) + " " + Byte.hashCode((byte) 5));
        System.out.println(Optional.of("abc").hashCode() + " " + Optional.empty().hashCode() + " " + new java.math.BigInteger("123456789123456789").hashCode() + " " + new java.math.BigDecimal("1.5").hashCode());
        int h = 0;
        for (int i = 0; i < 10000; i++) h = h * 31 + Integer.toString(i).hashCode();
        System.out.println("combined " + h);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) sb.append((char) ('a' + i % 26));
        System.out.println(sb.toString().hashCode() + " " + sb.reverse().toString().hashCode());
        record P(int x, String y) {}
        System.out.println(new P(1, "a").hashCode() + " " + new P(0, null).hashCode() + " " + (new P(1, "a").hashCode() == new P(1, "a").hashCode()));
        enum Color { RED, GREEN }
        System.out.println(Color.RED.name().hashCode() + " " + List.of(Color.GREEN.name()).hashCode());
        // collisions
        Map<String, Integer> coll = new HashMap<>();
        String[] col = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa"};
        for (int i = 0; i < col.length; i++) coll.put(col[i], i);
        System.out.println(coll);
    }
}
