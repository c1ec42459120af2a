import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.*;
import java.util.Locale;

public class DecimalFormatting {
    public static void main(String[] args) {
        DecimalFormatSymbols us = DecimalFormatSymbols.getInstance(Locale.US);
        String[] patterns = {"0.00", "#,##0.###", "000000", "#.#", "0.###E0", "00.##E0", "#,##0.00;(#,##0.00)", "0%", "#.##%", "\u2030#", "'#'0", "0.0000000000"};
        double[] values = {0, -0.0, 1, -1, 0.5, 1.005, 2.675, 1234567.891, -9876.54321, 0.000123456, 1e10, 3.14159265358979, 0.125, 0.375};
        for (String p : patterns) {
            DecimalFormat df = new DecimalFormat(p, us);
            StringBuilder sb = new StringBuilder(String.format("%-22s", p));
            for (double v : values) sb.append(" | ").append(df.format(v));
            System.out.println(sb);
        }
        DecimalFormat half = new DecimalFormat("0.0", us);
        for (RoundingMode rm : new RoundingMode[]{RoundingMode.HALF_EVEN, RoundingMode.HALF_UP, RoundingMode.HALF_DOWN, RoundingMode.UP, RoundingMode.DOWN, RoundingMode.CEILING, RoundingMode.FLOOR}) {
            half.setRoundingMode(rm);
            StringBuilder sb = new StringBuilder(rm + ":");
            for (double v : new double[]{0.05, 0.15, 0.25, 0.35, -0.05, -0.25, 1.45, 2.55}) sb.append(' ').append(half.format(v));
            System.out.println(sb);
        }
        DecimalFormat money = new DecimalFormat("$#,##0.00", us);
        System.out.println(money.format(1234.5) + " " + money.format(-0.004) + " " + money.format(new BigDecimal("98765432109876543210.555")) + " " + money.format(1L << 40));
        try {
            System.out.println(money.parse("$1,234.56") + " " + new DecimalFormat("#,##0.###", us).parse("-12,345.678") + " " + new DecimalFormat("0", us).parse("42abc"));
            new DecimalFormat("0", us).parse("abc");
        } catch (ParseException e) {
            System.out.println("ParseException: " + e.getMessage() + " at " + e.getErrorOffset());
        }
        NumberFormat nf = NumberFormat.getInstance(Locale.US);
        nf.setMaximumFractionDigits(2);
        nf.setMinimumFractionDigits(1);
        System.out.println(nf.format(1234567.891) + " " + nf.format(0.5) + " " + nf.format(-3) + " " + nf.format(1e-9));
        NumberFormat pct = NumberFormat.getPercentInstance(Locale.US);
        System.out.println(pct.format(0.256) + " " + pct.format(1.5) + " " + pct.format(-0.0049));
        NumberFormat integer = NumberFormat.getIntegerInstance(Locale.US);
        System.out.println(integer.format(2.5) + " " + integer.format(3.5) + " " + integer.format(-2.5) + " " + integer.format(123456789));
        NumberFormat cur = NumberFormat.getCurrencyInstance(Locale.US);
        System.out.println(cur.format(1234.567) + " " + cur.format(-5));
        NumberFormat compact = NumberFormat.getCompactNumberInstance(Locale.US, NumberFormat.Style.SHORT);
        System.out.println(compact.format(1234) + " " + compact.format(1_500_000) + " " + compact.format(999) + " " + compact.format(2_000_000_000L));
        System.out.println(MessageFormat.format("{0} has {1,number,integer} items costing {2,number,#.00}", "cart", 3, 19.987));
        System.out.println(MessageFormat.format("quote ''{0}'' and braces '{'x'}'", "q"));
        ChoiceFormat cf = new ChoiceFormat("0#no files|1#one file|1<{0,number,integer} files");
        for (int n : new int[]{0, 1, 2, 10}) System.out.println(MessageFormat.format("There {0}.", cf.format(n)).replace("{0,number,integer}", String.valueOf(n)));
        DecimalFormat sci = new DecimalFormat("0.00E00", us);
        System.out.println(sci.format(6.02214076e23) + " " + sci.format(1.602e-19) + " " + sci.format(-1) + " " + sci.format(0));
        DecimalFormat grouping = new DecimalFormat("#,####", us);
        System.out.println(grouping.format(123456789) + " " + grouping.toPattern() + " " + money.toPattern());
        System.out.println(String.format(Locale.US, "%,.2f", 1234567.891) + " " + String.format(Locale.ROOT, "%,d", 1234567));
    }
}
