public class MathBasics {
    interface Op { long apply() throws Exception; }
    static void exact(String label, Op op) {
        try {
            System.out.println(label + " = " + op.apply());
        } catch (Exception e) {
            System.out.println(label + " -> " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        int[] is = {0, 1, -1, 5, -5, Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (int a : is) {
            System.out.println("abs " + a + " " + Math.abs(a) + " absExact? " + (a == Integer.MIN_VALUE ? "overflow" : String.valueOf(Math.abs(a)))
                + " negateExact? " + (a == Integer.MIN_VALUE ? "overflow" : String.valueOf(Math.negateExact(a))));
            for (int b : is) {
                System.out.print(" [" + Math.min(a, b) + "," + Math.max(a, b));
                if (b != 0) System.out.print("," + Math.floorDiv(a, b) + "," + Math.floorMod(a, b));
                System.out.print("]");
            }
            System.out.println();
        }
        long[] ls = {0L, 7L, -7L, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long a : ls) {
            for (long b : ls) {
                if (b == 0) continue;
                System.out.println("floorDiv/Mod " + a + " " + b + " " + Math.floorDiv(a, b) + " " + Math.floorMod(a, b) + " " + ((int) b != 0 ? Math.floorMod(a, (int) b) : -999));
            }
        }
        exact("addExact(MAX,1)", () -> Math.addExact(Integer.MAX_VALUE, 1));
        exact("addExact(1,2)", () -> Math.addExact(1, 2));
        exact("subtractExact(MIN,1)", () -> Math.subtractExact(Integer.MIN_VALUE, 1));
        exact("multiplyExact(65536,65536)", () -> Math.multiplyExact(65536, 65536));
        exact("multiplyExact(46340,46340)", () -> Math.multiplyExact(46340, 46340));
        exact("addExactL", () -> Math.addExact(Long.MAX_VALUE, 1L));
        exact("multiplyExactL", () -> Math.multiplyExact(Long.MAX_VALUE / 2, 3L));
        exact("multiplyExact(long,int)", () -> Math.multiplyExact(4L, 5));
        exact("incrementExact", () -> Math.incrementExact(Integer.MAX_VALUE));
        exact("decrementExact", () -> Math.decrementExact(Long.MIN_VALUE));
        exact("negateExact", () -> Math.negateExact(Integer.MIN_VALUE));
        exact("toIntExact", () -> Math.toIntExact(1L << 31));
        exact("toIntExact ok", () -> Math.toIntExact(-5L));
        exact("absExact", () -> Math.absExact(Integer.MIN_VALUE));
        exact("multiplyHigh", () -> Math.multiplyHigh(Long.MAX_VALUE, Long.MAX_VALUE));
        exact("multiplyFull", () -> Math.multiplyFull(Integer.MAX_VALUE, Integer.MAX_VALUE));
        double[] ds = {0.0, -0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.5, -1.5, -2.5, -0.4, 1e16 + 1, 123.456, -123.456, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.49999999999999994, 9007199254740991.0, -Double.MIN_VALUE};
        for (double d : ds) {
            System.out.println(d + ": round " + Math.round(d) + " rint " + Math.rint(d) + " ceil " + Math.ceil(d) + " floor " + Math.floor(d)
                + " abs " + Math.abs(d) + " signum " + Math.signum(d));
        }
        float[] fs = {0.5f, 1.5f, -2.5f, 8388609.5f, Float.NaN, -0.0f};
        for (float f : fs) {
            System.out.println(f + ": round " + Math.round(f) + " rint " + Math.rint(f) + " ceil " + Math.ceil(f) + " floor " + Math.floor(f) + " abs " + Math.abs(f));
        }
        System.out.println(Math.min(-0.0, 0.0) + " " + Math.max(-0.0, 0.0) + " " + Math.min(0.0f, -0.0f) + " " + Math.max(Float.NaN, 1f) + " " + Math.min(1.0, Double.NaN));
        double[] sq = {0, 1, 2, 4, 9, 10, 1e-300, 1e300, -1, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 0.25, 3.0};
        for (double d : sq) {
            System.out.println("sqrt(" + d + ") = " + Math.sqrt(d) + " " + Double.doubleToRawLongBits(Math.sqrt(d)));
        }
        System.out.println(Math.PI + " " + Math.E + " " + Math.toRadians(180) + " " + Math.toDegrees(Math.PI / 3));
    }
}
