import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A CPU-bound mix for comparing jvmc's interpreter with `java -Xint`: integer and
 * floating-point arithmetic, array access, virtual and interface calls, field access,
 * allocation, strings and collections. Prints a checksum so both runs can be compared.
 */
public class Crunch {
    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }
    record Rect(double w, double h) implements Shape { public double area() { return w * h; } }

    static int sieve(int n) {
        boolean[] composite = new boolean[n + 1];
        int count = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j <= n; j += i) composite[(int) j] = true;
            }
        }
        return count;
    }

    static double matmul(int n) {
        double[][] a = new double[n][n], b = new double[n][n], c = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) { a[i][j] = i + j; b[i][j] = i - j; }
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                double aik = a[i][k];
                for (int j = 0; j < n; j++) c[i][j] += aik * b[k][j];
            }
        double s = 0;
        for (int i = 0; i < n; i++) s += c[i][i];
        return s;
    }

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static double shapes(int n) {
        List<Shape> list = new ArrayList<>();
        for (int i = 0; i < n; i++) list.add(i % 2 == 0 ? new Circle(i % 7) : new Rect(i % 5, i % 3));
        double total = 0;
        for (Shape s : list) total += s.area();
        return total;
    }

    static int words(int n) {
        Map<String, Integer> counts = new HashMap<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.setLength(0);
            sb.append("w").append(i % 97);
            counts.merge(sb.toString(), 1, Integer::sum);
        }
        int h = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) h += e.getKey().hashCode() * e.getValue();
        return h;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        long check = 0;
        for (int r = 0; r < rounds; r++) {
            check += sieve(200_000);
            check += (long) matmul(60);
            check += fib(22);
            check += (long) shapes(20_000);
            check += words(20_000);
        }
        System.out.println("checksum " + check);
    }
}
