public class FloatRounding {
    public static void main(String[] args) {
        System.out.println(0.1 + 0.2);
        System.out.println(0.1f + 0.2f);
        System.out.println((double) (0.1f + 0.2f));
        System.out.println(0.1 + 0.2 == 0.3);
        System.out.println(0.1f + 0.2f == 0.3f);
        System.out.println(1.0 / 3);
        System.out.println(1.0f / 3);
        System.out.println(2.0 / 3);
        System.out.println(2.0f / 3);
        System.out.println((float) (1.0 / 3) == 1.0f / 3);
        float fsum = 0;
        double dsum = 0;
        for (int i = 0; i < 1000; i++) {
            fsum += 0.1f;
            dsum += 0.1;
        }
        System.out.println("fsum " + fsum + " dsum " + dsum);
        float big = 16777216f;
        System.out.println(big + 1 + " " + (big + 2) + " " + (big + 1.0) + " " + (big + 1f == big));
        double[] vals = {1.0, 10.0, 100.0, 1e7, 1e-3, 1.0E-4, 0.001, 1234567.0, 12345678.9, 1e21, 1e22, 123456789012.0, 4.9E-324,
            1.7976931348623157E308, 2.2250738585072014E-308, 0.30000000000000004, 100.0 / 3, 5e-5, 9999999.999, 1.0E7 - 0.5};
        for (double v : vals) {
            System.out.println(v + " | " + (float) v + " | " + Double.toString(-v) + " | " + Float.toString((float) -v));
        }
        float[] fvals = {1.1f, 0.33333334f, 3.4028235E38f, 1.4E-45f, 1.17549435E-38f, 1e7f, 1e-3f, 123456.79f, 9.999999e-4f, 16777215f, 0.1f};
        for (float f : fvals) {
            System.out.println(f + " -> double " + (double) f + " hex " + Float.toHexString(f) + " bits " + Integer.toHexString(Float.floatToRawIntBits(f)));
        }
        System.out.println("== products ==");
        double x = 1.0;
        float y = 1.0f;
        for (int i = 1; i <= 30; i++) {
            x *= 1.1;
            y *= 1.1f;
            System.out.println(i + " " + x + " " + y + " " + (x - y));
        }
        System.out.println("== fma / compound ==");
        System.out.println(Math.fma(0.1, 10.0, -1.0) + " vs " + (0.1 * 10.0 - 1.0));
        System.out.println(Math.fma(0.1f, 10.0f, -1.0f) + " vs " + (0.1f * 10.0f - 1.0f));
        float f = 0.1f;
        f *= 3.0;  // double multiply then narrowing
        System.out.println("f *= 3.0 -> " + f + " vs " + (0.1f * 3.0f));
        int iv = 10;
        iv *= 0.35;
        System.out.println("int *= 0.35 -> " + iv);
        long lv = Long.MAX_VALUE;
        lv += 0.0;
        System.out.println("long += 0.0 -> " + lv);
        double subnormal = Double.MIN_VALUE;
        System.out.println(subnormal / 2 + " " + subnormal * 0.5 + " " + (subnormal * 0.75) + " " + (Float.MIN_VALUE / 2));
        System.out.println(Math.ulp(1.0) + " " + Math.ulp(1.0f) + " " + Math.nextUp(1.0) + " " + Math.nextDown(1.0f) + " " + Math.nextAfter(0.0, -1));
        System.out.println(Math.scalb(1.5, 10) + " " + Math.getExponent(1024.0) + " " + Math.getExponent(0.1f));
        double acc = 0;
        for (int i = 1; i <= 100; i++) acc += 1.0 / (i * (double) i);
        System.out.println("basel " + acc);
        float facc = 0;
        for (int i = 1; i <= 100; i++) facc += 1.0f / (i * (float) i);
        System.out.println("basel f " + facc);
    }
}
