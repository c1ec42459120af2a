import java.util.*;

public class AutoboxingSemantics {
    static int calls = 0;
    static Integer counter() { calls++; return calls; }
    static long sumBoxed(List<Long> xs) { long s = 0; for (Long x : xs) s += x; return s; }

    public static void main(String[] args) {
        Integer a = 127, b = 127, c = 128, d = 128;
        System.out.println((a == b) + " " + (c == d) + " " + c.equals(d) + " " + (c.intValue() == d) + " " + (c <= d && c >= d));
        Integer big1 = 1000, big2 = 1000;
        System.out.println("1000 == 1000: " + (big1 == big2) + ", < : " + (big1 < big2) + ", compareTo: " + big1.compareTo(big2));
        Long l1 = 127L, l2 = 127L, l3 = 128L, l4 = 128L;
        System.out.println((l1 == l2) + " " + (l3 == l4) + " " + l3.equals(l4) + " " + l3.equals(128) + " " + (l3 == 128));
        Character c1 = 'A', c2 = 'A', c3 = '\u0100', c4 = '\u0100';
        System.out.println((c1 == c2) + " " + (c3 == c4));
        Short s1 = -128, s2 = -128, s3 = -129, s4 = -129;
        System.out.println((s1 == s2) + " " + (s3 == s4));
        Byte b1 = (byte) 200, b2 = (byte) 200;
        System.out.println((b1 == b2) + " " + b1);
        Boolean t1 = true, t2 = Boolean.valueOf(true), t3 = Boolean.parseBoolean("TrUe");
        System.out.println((t1 == t2) + " " + (t2 == t3) + " " + (Boolean.TRUE == t1));
        Double d1 = 0.5, d2 = 0.5;
        Float f1 = 0.5f, f2 = 0.5f;
        System.out.println(d1.equals(d2) + " " + (d1.doubleValue() == d2) + " " + f1.equals(f2) + " " + d1.equals(0.5f) + " " + f1.equals(0.5f));
        System.out.println(Integer.valueOf(-128) == Integer.valueOf(-128));
        System.out.println(Integer.valueOf(-129) == Integer.valueOf(-129));
        List<Integer> list = new ArrayList<>(List.of(5, 10, 15, 20));
        list.remove(Integer.valueOf(10));
        list.remove(0);
        System.out.println(list);
        Set<Short> shorts = new HashSet<>();
        for (short i = 0; i < 10; i++) {
            shorts.add(i);
            shorts.remove(i - 1);
        }
        System.out.println("classic puzzle size " + shorts.size());
        Map<Integer, Integer> counts = new TreeMap<>();
        for (int i = 0; i < 1000; i++) counts.merge(i % 7, 1, Integer::sum);
        System.out.println(counts);
        Integer sum = 0;
        for (int i = 0; i < 100; i++) sum += i;
        System.out.println("boxed sum " + sum);
        Object o = 1;
        Object o2 = 1L;
        Object o3 = 1.0f;
        Object o4 = 'x';
        Object o5 = (short) 1;
        System.out.println(o.getClass().getName() + " " + o2.getClass().getName() + " " + o3.getClass().getName() + " " + o4.getClass().getName() + " " + o5.getClass().getName());
        System.out.println(o.equals(o2) + " " + o.equals(o5) + " " + ((Integer) o == 1));
        int x = counter() + counter() * counter();
        System.out.println("eval order " + x + " calls " + calls);
        Integer n = null;
        try {
            if (n == 0) System.out.println("never");
        } catch (NullPointerException e) {
            System.out.println("NPE comparing null Integer to 0");
        }
        Map<String, Integer> m = new HashMap<>();
        try {
            int v = m.get("missing");
            System.out.println(v);
        } catch (NullPointerException e) {
            System.out.println("NPE unboxing missing map value");
        }
        System.out.println(sumBoxed(List.of(1L, 2L, Long.MAX_VALUE)));
        Integer i1 = 10;
        Integer i2 = i1;
        i1++;
        System.out.println(i1 + " " + i2 + " " + (i1 == i2));
        Number num = true ? Integer.valueOf(1) : Double.valueOf(2);
        System.out.println(num + " " + num.getClass().getSimpleName());
        Number num2 = true ? (Number) Integer.valueOf(1) : Double.valueOf(2);
        System.out.println(num2 + " " + num2.getClass().getSimpleName());
        long big = Integer.MAX_VALUE;
        Long boxedBig = big + 1;
        System.out.println(boxedBig + " " + boxedBig.intValue() + " " + boxedBig.shortValue() + " " + boxedBig.byteValue() + " " + boxedBig.doubleValue());
        Character ch = 'a';
        int code = ch + 1;
        char next = (char) (ch + 1);
        System.out.println(code + " " + next + " " + Character.valueOf(next).compareTo(ch));
        List<Object> objs = new ArrayList<>();
        objs.add(1);
        objs.add(1L);
        objs.add(1.0);
        objs.add('1');
        objs.add("1");
        objs.add(true);
        for (Object ob : objs) System.out.print(ob.getClass().getSimpleName() + ":" + ob + " ");
        System.out.println();
        System.out.println(objs.contains(1) + " " + objs.contains(1.0f) + " " + objs.indexOf(1L) + " " + objs.indexOf('1'));
        int[] prim = {3, 1, 2};
        Integer[] boxedArr = Arrays.stream(prim).boxed().toArray(Integer[]::new);
        Arrays.sort(boxedArr, Collections.reverseOrder());
        System.out.println(Arrays.toString(boxedArr));
    }
}
