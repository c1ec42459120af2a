public class DivisionByZero {
    static int zero() { return 0; }
    static long zeroL() { return 0L; }

    public static void main(String[] args) {
        int[] nums = {0, 1, -1, 42, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int n : nums) {
            try {
                System.out.println("int " + n + " / 0 = " + (n / zero()));
            } catch (ArithmeticException e) {
                System.out.println("int " + n + " / 0 -> " + e.getMessage() + " | " + e);
            }
            try {
                System.out.println("int " + n + " % 0 = " + (n % zero()));
            } catch (ArithmeticException e) {
                System.out.println("int " + n + " % 0 -> " + e.getMessage());
            }
            try {
                System.out.println("long " + n + " / 0 = " + ((long) n / zeroL()));
            } catch (ArithmeticException e) {
                System.out.println("long " + n + " / 0 -> " + e.getMessage());
            }
            try {
                System.out.println("long " + n + " % 0 = " + ((long) n % zeroL()));
            } catch (ArithmeticException e) {
                System.out.println("long " + n + " % 0 -> " + e.getMessage());
            }
        }
        double[] ds = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-310};
        for (double a : ds) {
            for (double b : ds) {
                System.out.println(a + " / " + b + " = " + (a / b) + " ; " + a + " % " + b + " = " + (a % b));
            }
        }
        float[] fs = {0.0f, -0.0f, 1.0f, -3.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.MIN_VALUE};
        for (float a : fs) {
            for (float b : fs) {
                System.out.println(a + " /f " + b + " = " + (a / b) + " ; %f " + (a % b));
            }
        }
        System.out.println("== remainder signs ==");
        int[] as = {7, -7, 7, -7, 0, 13, -13};
        int[] bs = {3, 3, -3, -3, 5, 4, 4};
        for (int k = 0; k < as.length; k++) {
            System.out.println(as[k] + " % " + bs[k] + " = " + (as[k] % bs[k]) + ", / = " + (as[k] / bs[k])
                + ", floorMod = " + Math.floorMod(as[k], bs[k]) + ", floorDiv = " + Math.floorDiv(as[k], bs[k]));
        }
        double[] da = {7.5, -7.5, 7.5, -7.5, 1e300, 5.0};
        double[] db = {2.0, 2.0, -2.0, -2.0, 3.0, 0.1};
        for (int k = 0; k < da.length; k++) {
            System.out.println(da[k] + " % " + db[k] + " = " + (da[k] % db[k]) + " IEEEremainder " + Math.IEEEremainder(da[k], db[k]));
        }
        System.out.println(Integer.MIN_VALUE / -1);
        System.out.println(Integer.MIN_VALUE % -1);
        System.out.println(Long.MIN_VALUE / -1L);
        System.out.println(Long.MIN_VALUE % -1L);
        try {
            System.out.println(Math.floorDiv(5, 0));
        } catch (ArithmeticException e) {
            System.out.println("floorDiv: " + e.getMessage());
        }
        try {
            System.out.println(Math.floorMod(5L, 0L));
        } catch (ArithmeticException e) {
            System.out.println("floorMod: " + e.getMessage());
        }
        try {
            System.out.println(Integer.divideUnsigned(5, 0));
        } catch (ArithmeticException e) {
            System.out.println("divideUnsigned: " + e.getMessage());
        }
        try {
            System.out.println(java.math.BigInteger.TEN.divide(java.math.BigInteger.ZERO));
        } catch (ArithmeticException e) {
            System.out.println("BigInteger: " + e.getMessage());
        }
        try {
            System.out.println(java.math.BigDecimal.ONE.divide(java.math.BigDecimal.valueOf(3)));
        } catch (ArithmeticException e) {
            System.out.println("BigDecimal: " + e.getMessage());
        }
        int count = 0;
        for (int k = -5; k <= 5; k++) {
            try {
                count += 100 / k;
            } catch (ArithmeticException e) {
                System.out.println("skip k=" + k);
            }
        }
        System.out.println("count " + count);
    }
}
