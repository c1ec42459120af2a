public class StringIntern {
    static final String CONST = "hel" + "lo";
    static String nonConst = "hel";
    static String world() { return "world"; }

    public static void main(String[] args) {
        String a = "hello";
        String b = "hello";
        String c = new String("hello");
        String d = "hel" + "lo";
        final String fin = "hel";
        String e = fin + "lo";
        String f = nonConst + "lo";
        String g = f.intern();
        String h = c.intern();
        System.out.println("a==b " + (a == b));
        System.out.println("a==c " + (a == c));
        System.out.println("a==d " + (a == d));
        System.out.println("a==CONST " + (a == CONST));
        System.out.println("a==e (final local) " + (a == e));
        System.out.println("a==f (runtime concat) " + (a == f));
        System.out.println("a==g (interned) " + (a == g));
        System.out.println("a==h " + (a == h));
        System.out.println("a.equals(c) " + a.equals(c) + " a.equals(f) " + a.equals(f));
        String w1 = world();
        String w2 = "wor" + "ld";
        System.out.println("w1==w2 " + (w1 == w2));
        String sb = new StringBuilder("wor").append("ld").toString();
        System.out.println("sb==w1 " + (sb == w1) + " sb.intern()==w1 " + (sb.intern() == w1));
        String newOne = new StringBuilder("never").append("Seen").append("Before12345").toString();
        String internedNew = newOne.intern();
        System.out.println("new interned == itself " + (internedNew == newOne) + " literal==interned " + ("neverSeenBefore12345" == internedNew));
        String empty1 = "";
        String empty2 = new String();
        System.out.println("empty " + (empty1 == empty2) + " " + (empty1 == empty2.intern()) + " " + empty1.equals(empty2));
        String x = "x";
        String x2 = String.valueOf('x');
        System.out.println("valueOf(char)==literal " + (x == x2) + " intern " + (x == x2.intern()));
        String sub = "hello".substring(0);
        System.out.println("substring(0) same " + (sub == a));
        String sub2 = "hello".substring(0, 5);
        System.out.println("substring(0,len) same " + (sub2 == a));
        System.out.println("concat empty same " + ("hello".concat("") == a));
        System.out.println("toString same " + (a.toString() == a) + " trim same " + (a.trim() == a) + " strip same " + (a.strip() == a));
        System.out.println("replace noop same " + (a.replace('z', 'q') == a) + " toLowerCase same " + (a.toLowerCase() == a));
        String[] arr = {"alpha", "beta", "gamma"};
        int hits = 0;
        for (String s : arr) {
            if (s == "beta") hits++;
            String built = s.substring(0, 1) + s.substring(1);
            if (built == s) hits += 10;
            if (built.intern() == s) hits += 100;
        }
        System.out.println("hits " + hits);
        switch (f) {
            case "hello": System.out.println("switch matched runtime string"); break;
            default: System.out.println("switch no match");
        }
        Object o = "hello";
        System.out.println(o == a);
        int count = 0;
        for (int i = 0; i < 100; i++) {
            String k = ("key" + (i % 10)).intern();
            if (k == "key3") count++;
        }
        System.out.println("intern count " + count);
    }
}
