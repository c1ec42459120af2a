import java.util.*;

public class DoubleToStringStress {
    public static void main(String[] args) {
        Random r = new Random(987654321L);
        long hash = 0;
        int mismatches = 0;
        for (int i = 0; i < 1500; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(d)) continue;
            String s = Double.toString(d);
            double back = Double.parseDouble(s);
            if (Double.doubleToLongBits(back) != Double.doubleToLongBits(d)) mismatches++;
            hash = hash * 31 + s.hashCode();
            if (i % 100 == 0) System.out.println(s + " " + Long.toHexString(Double.doubleToRawLongBits(d)));
        }
        System.out.println("double hash " + hash + " mismatches " + mismatches);
        hash = 0;
        mismatches = 0;
        for (int i = 0; i < 1500; i++) {
            float f = Float.intBitsToFloat(r.nextInt());
            if (Float.isNaN(f)) continue;
            String s = Float.toString(f);
            float back = Float.parseFloat(s);
            if (Float.floatToIntBits(back) != Float.floatToIntBits(f)) mismatches++;
            hash = hash * 31 + s.hashCode();
            if (i % 100 == 0) System.out.println(s + " " + Integer.toHexString(Float.floatToRawIntBits(f)));
        }
        System.out.println("float hash " + hash + " mismatches " + mismatches);
        hash = 0;
        for (int i = 0; i < 1500; i++) {
            double d = r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            String s = String.valueOf(d);
            hash = hash * 31 + s.hashCode();
            if (i % 100 == 0) System.out.println(s + " " + (float) d + " " + String.format("%.6g", d));
        }
        System.out.println("scaled hash " + hash);
        StringBuilder sb = new StringBuilder();
        for (int e = -30; e <= 30; e += 3) sb.append(1.0 / 3 * Math.pow(10, e)).append(' ');
        System.out.println(sb);
        sb.setLength(0);
        for (int e = -10; e <= 10; e++) sb.append((float) (2.0 / 3 * Math.pow(10, e))).append(' ');
        System.out.println(sb);
        double[] tricky = {5e-324, 1e23, 8.41e21, 5.0E-324 * 3, 2.0E-3, 1.0E-3, 9.999999999999999E22, 4.35, 0.1 * 3, 2.9802322387695312E-8, 1.0E16, 1.2345678901234567E16, 123456789012345680.0};
        for (double t : tricky) System.out.print(t + " ");
        System.out.println();
    }
}
