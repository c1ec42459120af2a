public class StringFormatNumbers {
    static void f(String fmt, Object... args) {
        try {
            System.out.println(fmt + " => [" + String.format(fmt, args) + "]");
        } catch (java.util.IllegalFormatException e) {
            System.out.println(fmt + " => " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 0.125, 0.000123456, 123456.789, 1e10, 1e-10, 9.999999, 99.995, 1.005, 2.675,
            Math.PI, -Math.E, 1e300, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.05, 0.15, 0.25, 0.35};
        String[] fmts = {"%f", "%.0f", "%.1f", "%.2f", "%.3f", "%10.4f", "%e", "%.0e", "%.3e", "%E", "%g", "%.3g", "%G", "%.10g", "%a", "%12.2e", "%-12.1g|"};
        for (double d : ds) {
            StringBuilder sb = new StringBuilder(String.valueOf(d)).append(":");
            for (String fmt : fmts) {
                sb.append(' ').append(String.format(fmt, d));
            }
            System.out.println(sb);
        }
        float[] fs = {0.1f, 1.1f, 3.4028235E38f, 1e-7f, 2.5f, 16777217f};
        for (float x : fs) {
            System.out.println(x + ": " + String.format("%f %.2f %e %g %.8f %a", x, x, x, x, x, x));
        }
        f("%,f", 1234567.125);
        f("%+.2e", 12345.678);
        f("%(.2f", -5.5);
        f("% .3f", 2.0);
        f("%#.0f", 3.0);
        f("%#.0e", 3.0);
        f("%#g", 1.0);
        f("%.15f", 0.1);
        f("%.20f", 0.1);
        f("%.17g", 0.1);
        f("%.3f", new java.math.BigDecimal("2.0005"));
        f("%.1f", new java.math.BigDecimal("0.05"));
        f("%e", new java.math.BigDecimal("123.456"));
        f("%g", new java.math.BigDecimal("0.0001"));
        f("%,.3f", new java.math.BigDecimal("-9876543.21"));
        f("%f", 5);
        f("%d", 5.0);
        f("%.2f", (Object) null);
        f("%x", 3.5);
        f("%10.2f%%", 45.678);
        f("%08.2f", -0.0);
        f("%.2f", 1e-300);
        f("%.3g", 0.0001);
        f("%.3g", 0.00001);
        f("%g", 123456789.0);
        f("%g", 0.0);
        f("%.0g", 5.5);
        long[] ls = {0, 1, -1, 255, 65535, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long l : ls) System.out.println(String.format("%d|%x|%o|%X|%,d|%+d|%20d|%-20d|%020d", l, l, l, l, l, l, l, l, l));
        int[] is = {0, 7, -7, Integer.MIN_VALUE};
        for (int i : is) System.out.println(String.format("%d|%x|%o|%08X|%(,d|%c", i, i, i, i, i, (char) ('A' + (i & 15))));
        System.out.println(String.format("%s %S %s", 1.0f, "mixed Case", java.util.List.of(1, 2)));
        System.out.println(String.format("Total: %,.2f (%d items, avg %.3f)", 12345.6789, 17, 12345.6789 / 17));
    }
}
