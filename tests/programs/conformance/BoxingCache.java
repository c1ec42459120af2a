public class BoxingCache {
    static boolean same(Object a, Object b) { return a == b; }

    public static void main(String[] args) {
        for (int v : new int[]{-129, -128, -1, 0, 1, 100, 127, 128, 1000}) {
            Integer a = v, b = v;
            Integer c = Integer.valueOf(v), d = Integer.valueOf(v);
            System.out.println("Integer " + v + ": auto== " + (a == b) + " valueOf== " + (c == d) + " equals " + a.equals(b));
        }
        for (long v : new long[]{-129, -128, 0, 127, 128}) {
            Long a = v, b = v;
            System.out.println("Long " + v + ": == " + (a == b) + " equals " + a.equals(b));
        }
        for (int v : new int[]{0, 65, 127, 128, 200, 1000}) {
            Character a = (char) v, b = (char) v;
            System.out.println("Character " + v + ": == " + (a == b));
        }
        for (int v : new int[]{-128, 0, 127}) {
            Byte a = (byte) v, b = (byte) v;
            Short s1 = (short) v, s2 = (short) v;
            System.out.println("Byte/Short " + v + ": " + (a == b) + " " + (s1 == s2));
        }
        Short s1 = 128, s2 = 128;
        System.out.println("Short 128 == " + (s1 == s2));
        Boolean t1 = true, t2 = Boolean.valueOf("TRUE");
        System.out.println("Boolean == " + (t1 == t2) + " " + (Boolean.valueOf(false) == Boolean.FALSE) + " parse " + Boolean.parseBoolean("yes"));
        Integer x = 1000;
        int y = 1000;
        System.out.println("Integer == int " + (x == y));
        Long lx = 127L;
        Integer ix = 127;
        System.out.println("Long.equals(Integer) " + lx.equals(ix) + " " + lx.equals(127L) + " " + (lx == 127));
        System.out.println("new Integer via valueOf(String) " + (Integer.valueOf("127") == Integer.valueOf(127)) + " " + (Integer.valueOf("128") == Integer.valueOf(128)));
        Double d1 = 1.0, d2 = 1.0;
        System.out.println("Double == " + same(d1, d2) + " equals " + d1.equals(d2));
        Float f1 = 0.0f, f2 = -0.0f;
        System.out.println("Float 0 equals -0 " + f1.equals(f2) + " compareTo " + f1.compareTo(f2) + " primitive== " + (f1.floatValue() == f2.floatValue()));
        java.util.List<Integer> list = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) list.add(i * 100);
        list.remove(Integer.valueOf(100));
        System.out.println(list);
        list.remove(1);
        System.out.println(list);
        java.util.Map<Long, String> m = new java.util.HashMap<>();
        m.put(1L, "one");
        System.out.println("get(1) " + m.get(1) + " get(1L) " + m.get(1L));
        Integer counter = 0;
        for (int i = 0; i < 300; i++) counter++;
        System.out.println("counter " + counter + " cached " + (counter == Integer.valueOf(300)));
        Integer small = 0;
        for (int i = 0; i < 100; i++) small++;
        System.out.println("small cached " + (small == Integer.valueOf(100)));
        Object o = 42;
        System.out.println(o instanceof Integer);
        Object ch = 'c';
        System.out.println(ch instanceof Character);
        Object lg = 42L;
        System.out.println(lg.getClass().getSimpleName());
        System.out.println(Integer.valueOf(5).hashCode() + " " + Long.valueOf(-5).hashCode() + " " + Character.valueOf('a').hashCode()
            + " " + Boolean.TRUE.hashCode() + " " + Boolean.FALSE.hashCode() + " " + Byte.valueOf((byte) -1).hashCode() + " " + Double.valueOf(1.5).hashCode());
        System.out.println(Integer.compare(3, 5) + " " + Integer.valueOf(5).compareTo(3) + " " + Boolean.compare(true, false) + " " + Character.compare('b', 'a'));
        System.out.println(Integer.sum(3, 4) + " " + Integer.max(3, 4) + " " + Long.min(-1, 2) + " " + Double.sum(0.1, 0.2));
    }
}
