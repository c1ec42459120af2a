public class DoubleFloatParsing {
    public static void main(String[] args) {
        String[] ds = {"0", "-0", "0.0", "-0.0", "1", "1.5", "-1.5e10", "1e-320", "4.9e-324", "2e-324", "1.7976931348623157e308", "1.8e308",
            "NaN", "-Infinity", "+Infinity", "Infinity", "  3.25  ", "0x1.8p1", "0x1p-1074", "1d", "2.5f", "1e", ".5", "5.", "abc", "",
            "0.1", "0.30000000000000004", "123456789012345678901234567890", "2.2250738585072012e-308", "9007199254740993", "1_0"};
        for (String s : ds) {
            try {
                double d = Double.parseDouble(s);
                System.out.println("parseDouble(\"" + s + "\") = " + d + " bits " + Long.toHexString(Double.doubleToRawLongBits(d)));
            } catch (NumberFormatException e) {
                System.out.println("parseDouble(\"" + s + "\") -> " + e.getMessage());
            }
            try {
                float f = Float.parseFloat(s);
                System.out.println("parseFloat(\"" + s + "\") = " + f + " bits " + Integer.toHexString(Float.floatToRawIntBits(f)));
            } catch (NumberFormatException e) {
                System.out.println("parseFloat(\"" + s + "\") -> " + e.getMessage());
            }
        }
        try {
            Double.parseDouble(null);
        } catch (NullPointerException e) {
            System.out.println("parseDouble(null) -> NPE");
        }
        double[] vals = {0.0, -0.0, 1.0, -2.5, 0.1, 1e-5, 1e-3, 1e7, 1e6, 123456789.0, Math.PI, 1.0 / 3, Double.MIN_VALUE, Double.MAX_VALUE,
            Double.MIN_NORMAL, Double.NaN, 2e-7, 100.0, 1e100, 5e-324, 1.2345678901234567e-300};
        for (double v : vals) {
            System.out.println(v + " hex " + Double.toHexString(v) + " valueOf " + Double.valueOf(String.valueOf(v)) + " float " + (float) v
                + " floatHex " + Float.toHexString((float) v));
        }
        System.out.println(Double.longBitsToDouble(0x7ff0000000000001L) + " " + Double.longBitsToDouble(0x3ff0000000000000L) + " "
            + Double.longBitsToDouble(0x8000000000000000L) + " " + Float.intBitsToFloat(0x7f800000) + " " + Float.intBitsToFloat(0x3f800001));
        System.out.println(Double.doubleToLongBits(Double.longBitsToDouble(0x7ff8000000000123L)) + " vs raw " + Double.doubleToRawLongBits(Double.longBitsToDouble(0x7ff8000000000123L)));
        System.out.println(Float.floatToIntBits(Float.intBitsToFloat(0x7fc00123)) + " vs raw " + Float.floatToRawIntBits(Float.intBitsToFloat(0x7fc00123)));
        float[] fvals = {1.0f / 3, 1e10f, 1e-10f, 3.4e38f, 1.17549435E-38f, 7.0E-45f, 100f, 1234567.0f, 12345678.0f, 0.001f, 1.0E-4f};
        for (float f : fvals) System.out.println("float " + f + " " + String.valueOf(f) + " " + Float.toString(-f));
        System.out.println(Double.compare(0.0, -0.0) + " " + Double.valueOf(Double.NaN).equals(Double.NaN) + " " + Double.isNaN(0.0 / 0.0)
            + " " + Double.sum(1e308, 1e308) + " " + Double.max(-0.0, 0.0));
        System.out.println(Double.valueOf(3.0).intValue() + " " + Double.valueOf("1e3").longValue() + " " + Float.valueOf("2.5").doubleValue());
        double total = 0;
        for (int i = 0; i < 500; i++) {
            String s = Double.toString(i * 0.1);
            double back = Double.parseDouble(s);
            if (back != i * 0.1) System.out.println("roundtrip mismatch " + s);
            total += back;
        }
        System.out.println("total " + total);
        for (int i = -10; i <= 10; i++) {
            double p = Math.pow(10, i);
            System.out.println(i + " " + p + " " + (float) p + " " + p * 3 + " " + (p / 7));
        }
    }
}
