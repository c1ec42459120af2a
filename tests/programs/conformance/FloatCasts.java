public class FloatCasts {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.5, -0.5, 0.9999999, 1.5, -1.5, 2.5, -2.5, 1e9, 2147483647.0, 2147483647.5, 2147483648.0, -2147483648.0,
            -2147483649.0, 1e10, -1e10, 9.223372036854776E18, -9.223372036854776E18, 1e19, -1e19, 1e300,
            Double.MAX_VALUE, Double.MIN_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 65535.9, 65536.0, -1.0, 127.9, 128.0, -129.0, 32768.5};
        for (double d : ds) {
            System.out.println(d + " -> int " + (int) d + " long " + (long) d + " float " + (float) d + " short " + (short) d
                + " byte " + (byte) d + " char " + (int) (char) d);
        }
        float[] fs = {0.0f, -0.0f, 0.5f, 1.5f, -2.5f, 3e9f, -3e9f, 2147483647f, 2.14748365E9f, 9.223372E18f, 1e19f, -1e19f,
            Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 16777216f, 16777217f};
        for (float f : fs) {
            System.out.println(f + " -> int " + (int) f + " long " + (long) f + " double " + (double) f + " char " + (int) (char) f);
        }
        long[] ls = {0L, 1L, 16777217L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE, 123456789012345678L, -1L, (1L << 53) + 1, (1L << 24) + 1};
        for (long l : ls) {
            System.out.println(l + " -> float " + (float) l + " double " + (double) l + " back " + (long) (double) l + " " + (long) (float) l);
        }
        int[] is = {0, 16777217, 16777219, Integer.MAX_VALUE, Integer.MIN_VALUE, -16777217, 33554435};
        for (int i : is) {
            System.out.println(i + " -> float " + (float) i + " double " + (double) i + " back " + (int) (float) i);
        }
        System.out.println("== Math.round ==");
        double[] rs = {0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1e20, -1e20, Double.NaN,
            4503599627370497.0, 2147483647.5, -2147483648.5};
        for (double d : rs) {
            System.out.println(d + " round " + Math.round(d) + " roundf " + Math.round((float) d) + " rint " + Math.rint(d));
        }
        System.out.println("== via Number ==");
        Double boxed = 3.99;
        System.out.println(boxed.intValue() + " " + boxed.longValue() + " " + boxed.byteValue() + " " + boxed.shortValue() + " " + boxed.floatValue());
        Double nanBox = Double.NaN;
        System.out.println(nanBox.intValue() + " " + nanBox.longValue());
        Float bigF = 1e20f;
        System.out.println(bigF.intValue() + " " + bigF.longValue() + " " + bigF.shortValue() + " " + bigF.byteValue());
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            double d = i * 1.37 - 500;
            sum += (int) d + (long) (d * d) + (char) d;
        }
        System.out.println("sum " + sum);
    }
}
