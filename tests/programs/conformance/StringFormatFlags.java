public class StringFormatFlags {
    static void f(String fmt, Object... args) {
        try {
            System.out.println(fmt + " => [" + String.format(fmt, args) + "]");
        } catch (java.util.IllegalFormatException e) {
            System.out.println(fmt + " => " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        f("%d", 42);
        f("%5d", 42);
        f("%-5d|", 42);
        f("%05d", 42);
        f("%05d", -42);
        f("%+d", 42);
        f("%+d", -42);
        f("% d", 42);
        f("%(d", -42);
        f("%(d", 42);
        f("%,d", 1234567);
        f("%,d", -1234567890);
        f("%,d", 123L);
        f("%,15d", 1234567890123L);
        f("%+,010d", 1234567);
        f("%x", 255);
        f("%X", 255);
        f("%x", -1);
        f("%x", -1L);
        f("%#x", 255);
        f("%#X", 255);
        f("%08x", 0xbeef);
        f("%o", 8);
        f("%#o", 8);
        f("%o", -8);
        f("%x", (byte) -1);
        f("%x", (short) -1);
        f("%d", Long.MIN_VALUE);
        f("%d", new java.math.BigInteger("-123456789012345678901234567890"));
        f("%x", new java.math.BigInteger("-255"));
        f("%,d", new java.math.BigInteger("123456789012345678901234567890"));
        f("%s", "str");
        f("%10s|", "str");
        f("%-10s|", "str");
        f("%.2s", "string");
        f("%10.3s|", "string");
        f("%S", "lower");
        f("%s", (Object) null);
        f("%b", true);
        f("%b", (Object) null);
        f("%b", "non-null");
        f("%B", false);
        f("%5b|", true);
        f("%c", 'x');
        f("%c", 65);
        f("%C", 'q');
        f("%c", 0x1F600);
        f("%3c|", 'z');
        f("%-3c|", 'z');
        f("a%nb");
        f("100%%");
        f("%5%|");
        f("%h", "hello");
        f("%H", 255);
        f("%2$s %1$s %2$s", "a", "b");
        f("%s %<s %s", "x", "y");
        f("%d %d", 1);
        f("%d", "notanumber");
        f("%q", 1);
        f("%-05d", 5);
        f("%#s", "x");
        f("%,x", 255);
        f("%c", -1);
        f("%.2d", 5);
        f("%s %s %s", 1, 2.5, 'c');
        f("[%8.3f] [%-8.3f] [%08.3f] [%+.1f]", Math.PI, Math.E, -1.5, 2.25);
        f("%,.2f", 1234567.891);
        f("%d%%", 50);
        f("%010.2f|%-10.2f|", -3.14159, 3.14159);
        f("%s", new int[0].length);
        f("%-10s|%10s|", "left", "right");
        StringBuilder table = new StringBuilder();
        String[] names = {"alpha", "beta", "gamma", "delta"};
        for (int i = 0; i < names.length; i++) {
            table.append(String.format("%-8s|%6d|%8.2f|%5s|%n", names[i], i * 1234, i * 3.14159, i % 2 == 0));
        }
        System.out.print(table);
        System.out.println(String.format("%3$s-%2$s-%1$s", 1, 2, 3));
        java.util.Formatter fm = new java.util.Formatter();
        fm.format("%d", 1).format(" and %s", "two");
        System.out.println(fm.toString());
    }
}
