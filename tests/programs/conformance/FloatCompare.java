import java.util.Arrays;

public class FloatCompare {
    public static void main(String[] args) {
        double[] ds = {Double.NaN, 0.0, -0.0, 1.0, -1.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
        for (double a : ds) {
            for (double b : ds) {
                System.out.println(a + " vs " + b + ": == " + (a == b) + " != " + (a != b) + " < " + (a < b) + " <= " + (a <= b)
                    + " > " + (a > b) + " >= " + (a >= b) + " compare " + Double.compare(a, b)
                    + " equals " + Double.valueOf(a).equals(b) + " min " + Math.min(a, b) + " max " + Math.max(a, b));
            }
        }
        float[] fs = {Float.NaN, 0.0f, -0.0f, 1.0f, Float.NEGATIVE_INFINITY, Float.MIN_VALUE};
        for (float a : fs) {
            for (float b : fs) {
                System.out.println(a + " vsf " + b + ": == " + (a == b) + " < " + (a < b) + " > " + (a > b)
                    + " compare " + Float.compare(a, b) + " equals " + Float.valueOf(a).equals(b) + " min " + Math.min(a, b) + " max " + Math.max(a, b));
            }
        }
        double nan = 0.0 / 0.0;
        System.out.println("nan != nan " + (nan != nan) + " isNaN " + Double.isNaN(nan));
        System.out.println("1/0.0 " + (1 / 0.0) + " 1/-0.0 " + (1 / -0.0));
        System.out.println("0.0 == -0.0 " + (0.0 == -0.0));
        System.out.println("bits " + Double.doubleToLongBits(-0.0) + " " + Double.doubleToLongBits(0.0) + " " + Double.doubleToLongBits(nan));
        System.out.println("floatbits " + Float.floatToIntBits(-0.0f) + " " + Float.floatToIntBits(Float.NaN));
        System.out.println("hash " + Double.hashCode(-0.0) + " " + Double.hashCode(0.0) + " " + Double.hashCode(Double.NaN) + " " + Float.hashCode(-0.0f));
        double[] sorted = {3.0, Double.NaN, -0.0, 0.0, -1.0, Double.NEGATIVE_INFINITY, 0.0, -0.0, Double.NaN, 2.5};
        Arrays.sort(sorted);
        System.out.println(Arrays.toString(sorted));
        Double[] boxed = {3.0, Double.NaN, -0.0, 0.0, -1.0};
        Arrays.sort(boxed);
        System.out.println(Arrays.toString(boxed));
        float[] fsorted = {Float.NaN, -0.0f, 0.0f, -2f, 1e-45f};
        Arrays.sort(fsorted);
        System.out.println(Arrays.toString(fsorted));
        System.out.println("binarySearch -0.0: " + Arrays.binarySearch(sorted, -0.0) + " 0.0: " + Arrays.binarySearch(sorted, 0.0) + " NaN: " + Arrays.binarySearch(sorted, Double.NaN));
        System.out.println("signum " + Math.signum(-0.0) + " " + Math.signum(0.0) + " " + Math.signum(Double.NaN) + " " + Math.signum(-5.0));
        System.out.println("copySign " + Math.copySign(1.0, -0.0) + " " + Math.copySign(1.0, Double.NaN));
        System.out.println("abs " + Math.abs(-0.0) + " " + Math.abs(-0.0f) + " " + Math.abs(Double.NEGATIVE_INFINITY));
        System.out.println("-0.0 + 0.0 = " + (-0.0 + 0.0) + " ; -0.0 - 0.0 = " + (-0.0 - 0.0) + " ; -0.0 * 5 = " + (-0.0 * 5) + " ; 0.0 * -1 = " + (0.0 * -1));
        System.out.println("inf - inf = " + (Double.POSITIVE_INFINITY - Double.POSITIVE_INFINITY) + " inf * 0 = " + (Double.POSITIVE_INFINITY * 0));
        int nanCount = 0;
        for (double d : ds) if (d != d) nanCount++;
        System.out.println("nanCount " + nanCount);
        // comparisons in branches (dcmpl vs dcmpg)
        for (double d : ds) {
            String r;
            if (d < 0) r = "neg";
            else if (d > 0) r = "pos";
            else if (d == 0) r = "zero";
            else r = "nan";
            String r2 = !(d >= 0) ? "not>=0" : ">=0";
            System.out.println(d + " -> " + r + " " + r2);
        }
        System.out.println(Double.MIN_NORMAL + " " + Float.MIN_NORMAL + " " + Double.MAX_EXPONENT + " " + Float.MIN_EXPONENT);
        System.out.println(Double.isFinite(1e308 * 10) + " " + Double.isInfinite(-1e308 * 10) + " " + Float.isFinite(3e38f));
    }
}
