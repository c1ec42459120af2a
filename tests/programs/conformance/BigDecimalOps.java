import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

public class BigDecimalOps {
    public static void main(String[] args) {
        BigDecimal a = new BigDecimal("123.4500");
        BigDecimal b = new BigDecimal("-0.0125");
        System.out.println(a + " " + b + " " + a.add(b) + " " + a.subtract(b) + " " + a.multiply(b) + " " + a.scale() + " " + a.precision() + " " + a.unscaledValue());
        System.out.println(a.divide(b, MathContext.DECIMAL64) + " " + a.divide(b, 5, RoundingMode.HALF_EVEN) + " " + a.remainder(b) + " " + a.divideToIntegralValue(b));
        System.out.println(a.stripTrailingZeros() + " " + a.stripTrailingZeros().scale() + " " + new BigDecimal("1E+3").toPlainString() + " " + new BigDecimal("1000").stripTrailingZeros()
            + " " + new BigDecimal("0.000").stripTrailingZeros());
        System.out.println(a.equals(new BigDecimal("123.45")) + " " + a.compareTo(new BigDecimal("123.45")) + " " + a.hashCode() + " " + new BigDecimal("123.45").hashCode());
        System.out.println(new BigDecimal(0.1) + "\n" + BigDecimal.valueOf(0.1) + " " + new BigDecimal("0.1").add(new BigDecimal("0.2")));
        String[] vals = {"2.5", "-2.5", "1.15", "-1.15", "0.5", "1.005", "2.4999", "0", "-0.001"};
        for (RoundingMode rm : RoundingMode.values()) {
            StringBuilder sb = new StringBuilder(rm + ":");
            for (String v : vals) {
                try {
                    sb.append(' ').append(new BigDecimal(v).setScale(1, rm));
                } catch (ArithmeticException e) {
                    sb.append(" !").append(e.getMessage());
                }
            }
            System.out.println(sb);
        }
        System.out.println(BigDecimal.ONE.divide(BigDecimal.valueOf(3), 50, RoundingMode.HALF_UP));
        System.out.println(BigDecimal.ONE.divide(BigDecimal.valueOf(7), new MathContext(30)));
        System.out.println(BigDecimal.valueOf(2).sqrt(new MathContext(40)));
        try {
            BigDecimal.ONE.divide(BigDecimal.valueOf(3));
        } catch (ArithmeticException e) {
            System.out.println("exact: " + e.getMessage());
        }
        System.out.println(BigDecimal.ONE.divide(BigDecimal.valueOf(8)) + " " + BigDecimal.valueOf(1, -3) + " " + BigDecimal.valueOf(12345, 3) + " " + new BigDecimal("1e-10")
            + " " + new BigDecimal("1e-10").toPlainString() + " " + new BigDecimal("123e5").toEngineeringString() + " " + new BigDecimal("-0.00000012"));
        System.out.println(new BigDecimal("3.14159").round(new MathContext(3)) + " " + new BigDecimal("99.99").round(new MathContext(2)) + " " + new BigDecimal("12345").round(new MathContext(2)));
        System.out.println(a.movePointLeft(5) + " " + a.movePointRight(7) + " " + a.scaleByPowerOfTen(3) + " " + a.negate() + " " + b.abs() + " " + b.signum() + " " + a.pow(3) + " " + b.pow(2));
        System.out.println(a.doubleValue() + " " + a.intValue() + " " + a.longValue() + " " + new BigDecimal("1e20").intValue() + " " + a.toBigInteger() + " " + b.floatValue());
        try {
            a.intValueExact();
        } catch (ArithmeticException e) {
            System.out.println("intValueExact: " + e.getMessage());
        }
        try {
            new BigDecimal("1.2.3");
        } catch (NumberFormatException e) {
            System.out.println("NFE " + (e.getMessage() != null));
        }
        BigDecimal balance = new BigDecimal("1000.00");
        BigDecimal rate = new BigDecimal("0.0375");
        for (int year = 1; year <= 10; year++) {
            balance = balance.add(balance.multiply(rate)).setScale(2, RoundingMode.HALF_EVEN);
            System.out.println("year " + year + " " + balance);
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 1; i <= 100; i++) sum = sum.add(BigDecimal.ONE.divide(BigDecimal.valueOf(i), 20, RoundingMode.HALF_UP));
        System.out.println("harmonic " + sum + " " + sum.min(BigDecimal.TEN) + " " + sum.max(BigDecimal.TEN));
        System.out.println(new BigDecimal("1.10").compareTo(new BigDecimal("1.1")) + " " + new java.util.TreeSet<>(java.util.List.of(new BigDecimal("1.10"), new BigDecimal("1.1"), new BigDecimal("1.100"))));
        System.out.println(BigDecimal.valueOf(Double.MAX_VALUE) + " " + BigDecimal.valueOf(-1.5e-7) + " " + BigDecimal.valueOf(100.0) + " " + new BigDecimal(1e20));
    }
}
