import java.util.*;

public class RecordsBasic {
    record AllPrims(byte b, short s, char c, int i, long l, float f, double d, boolean z) {}
    record Named(String name, Integer boxed, Object any) {}
    record Empty() {}

    public static void main(String[] args) {
        AllPrims p1 = new AllPrims((byte) -1, (short) 300, 'x', 42, 1L << 40, 1.5f, -2.25, true);
        AllPrims p2 = new AllPrims((byte) -1, (short) 300, 'x', 42, 1L << 40, 1.5f, -2.25, true);
        System.out.println(p1);
        System.out.println(p1.equals(p2) + " " + (p1.hashCode() == p2.hashCode()) + " " + p1.hashCode());
        System.out.println(p1.b() + " " + p1.s() + " " + p1.c() + " " + p1.i() + " " + p1.l() + " " + p1.f() + " " + p1.d() + " " + p1.z());
        AllPrims nan1 = new AllPrims((byte) 0, (short) 0, '\0', 0, 0, Float.NaN, Double.NaN, false);
        AllPrims nan2 = new AllPrims((byte) 0, (short) 0, '\0', 0, 0, Float.NaN, Double.NaN, false);
        System.out.println(nan1.toString().replace('\0', '0'));
        System.out.println("NaN records equal: " + nan1.equals(nan2) + " hash eq " + (nan1.hashCode() == nan2.hashCode()) + " " + nan1.hashCode());
        AllPrims z1 = new AllPrims((byte) 0, (short) 0, 'a', 0, 0, 0.0f, 0.0, false);
        AllPrims z2 = new AllPrims((byte) 0, (short) 0, 'a', 0, 0, -0.0f, -0.0, false);
        AllPrims z3 = new AllPrims((byte) 0, (short) 0, 'a', 0, 0, 0.0f, -0.0, false);
        System.out.println(z1 + " vs " + z2);
        System.out.println("+0 vs -0 equal: " + z1.equals(z2) + " " + z1.equals(z3) + " hashes " + z1.hashCode() + " " + z2.hashCode() + " " + z3.hashCode());
        System.out.println("ext " + new AllPrims(Byte.MIN_VALUE, Short.MAX_VALUE, '\uffff', Integer.MIN_VALUE, Long.MAX_VALUE, Float.MAX_VALUE, Double.MIN_VALUE, false).hashCode());
        Named n1 = new Named("a", 1000, List.of(1, 2));
        Named n2 = new Named("a", 1000, List.of(1, 2));
        Named n3 = new Named(null, null, null);
        System.out.println(n1 + " " + n1.equals(n2) + " " + (n1.hashCode() == n2.hashCode()) + " " + n1.hashCode());
        System.out.println(n3 + " " + n3.hashCode() + " " + n3.equals(new Named(null, null, null)) + " " + n3.equals(n1) + " " + n1.equals(null) + " " + n1.equals("a"));
        System.out.println(new Empty() + " " + new Empty().equals(new Empty()) + " " + new Empty().hashCode());
        Set<AllPrims> set = new HashSet<>(List.of(p1, p2, nan1, nan2, z1, z2));
        System.out.println("set size " + set.size());
        Map<Named, String> map = new HashMap<>();
        map.put(n1, "first");
        map.put(n2, "second");
        System.out.println(map.size() + " " + map.get(new Named("a", 1000, List.of(1, 2))));
        for (int i = 0; i < 5; i++) {
            AllPrims r = new AllPrims((byte) i, (short) (i * 1000), (char) ('a' + i), i * i, -i, i / 3f, i / 7.0, i % 2 == 0);
            System.out.println(r + " hash " + r.hashCode());
        }
        System.out.println(AllPrims.class.isRecord() + " " + AllPrims.class.getRecordComponents().length + " " + AllPrims.class.getRecordComponents()[5].getName()
            + " " + AllPrims.class.getRecordComponents()[5].getType() + " " + Named.class.getSuperclass().getName());
    }
}
