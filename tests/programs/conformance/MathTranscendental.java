public class MathTranscendental {
    static void show(String name, double x, double r) {
        System.out.println(name + "(" + x + ") = " + r + " bits " + Double.doubleToRawLongBits(r));
    }

    public static void main(String[] args) {
        double[] xs = {0.0, -0.0, 0.1, 0.5, 1.0, -1.0, 2.0, 3.0, Math.PI, Math.PI / 2, Math.PI / 4, -Math.PI / 6, 10.0, 100.0,
            1e-10, 1e10, 1e22, 0.7853981633974483, 2.718281828459045, 1234.5678, -7.25, 700.0, 710.0, -745.0,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 0.999, 1.0e-5};
        for (double x : xs) {
            show("sin", x, Math.sin(x));
            show("cos", x, Math.cos(x));
            show("tan", x, Math.tan(x));
            show("exp", x, Math.exp(x));
            show("log", x, Math.log(x));
            show("log10", x, Math.log10(x));
            show("sqrt", x, Math.sqrt(x));
            show("cbrt", x, Math.cbrt(x));
            show("atan", x, Math.atan(x));
            show("asin", x, Math.asin(x));
            show("acos", x, Math.acos(x));
            show("sinh", x, Math.sinh(x));
            show("cosh", x, Math.cosh(x));
            show("tanh", x, Math.tanh(x));
            show("expm1", x, Math.expm1(x));
            show("log1p", x, Math.log1p(x));
            show("StrictMath.sin", x, StrictMath.sin(x));
            show("StrictMath.exp", x, StrictMath.exp(x));
            show("StrictMath.log", x, StrictMath.log(x));
        }
        double[][] pairs = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}, {0.0, -0.0}, {-0.0, -0.0}, {0.0, 0.0}, {3, 4}, {1e300, 1e300},
            {2, 0.5}, {2, 10}, {2, -1074}, {10, 22}, {-8, 1.0 / 3}, {0, -1}, {-0.0, -3}, {Double.NaN, 0}, {1, Double.NaN},
            {Double.POSITIVE_INFINITY, 1}, {1.0000001, 1e9}, {-2, 3}, {-2, 0.5}, {5, 3}, {0.5, 0.5}};
        for (double[] p : pairs) {
            double a = p[0], b = p[1];
            System.out.println("atan2(" + a + "," + b + ") = " + Math.atan2(a, b) + " bits " + Double.doubleToRawLongBits(Math.atan2(a, b)));
            System.out.println("pow(" + a + "," + b + ") = " + Math.pow(a, b) + " bits " + Double.doubleToRawLongBits(Math.pow(a, b)));
            System.out.println("hypot(" + a + "," + b + ") = " + Math.hypot(a, b) + " bits " + Double.doubleToRawLongBits(Math.hypot(a, b)));
            System.out.println("StrictMath.pow(" + a + "," + b + ") = " + StrictMath.pow(a, b));
        }
        double acc = 0;
        for (int i = 1; i <= 200; i++) {
            double x = i * 0.37;
            acc += Math.sin(x) * Math.cos(x / 3) + Math.log(x) - Math.sqrt(x) + Math.exp(-x) + Math.tan(x / 7) + Math.pow(x, 1.3);
        }
        System.out.println("acc " + acc + " bits " + Double.doubleToRawLongBits(acc));
        float fx = 0.5f;
        System.out.println((float) Math.sin(fx) + " " + (float) Math.exp(fx) + " " + (float) Math.pow(fx, 3.3f));
    }
}
