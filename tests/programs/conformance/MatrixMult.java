import java.util.*;

public class MatrixMult {
    static long[][] mul(long[][] a, long[][] b) {
        int n = a.length, m = b[0].length, k = b.length;
        long[][] c = new long[n][m];
        for (int i = 0; i < n; i++)
            for (int p = 0; p < k; p++) {
                long v = a[i][p];
                for (int j = 0; j < m; j++) c[i][j] += v * b[p][j];
            }
        return c;
    }

    static long[][] matPow(long[][] m, int e, long mod) {
        int n = m.length;
        long[][] r = new long[n][n];
        for (int i = 0; i < n; i++) r[i][i] = 1;
        while (e > 0) {
            if ((e & 1) == 1) r = mod(mul(r, m), mod);
            m = mod(mul(m, m), mod);
            e >>= 1;
        }
        return r;
    }

    static long[][] mod(long[][] m, long mod) {
        for (long[] row : m) for (int j = 0; j < row.length; j++) row[j] %= mod;
        return m;
    }

    static double det(double[][] m) {
        int n = m.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) a[i] = m[i].clone();
        double d = 1;
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) piv = r;
            if (a[piv][col] == 0) return 0;
            if (piv != col) {
                double[] t = a[piv];
                a[piv] = a[col];
                a[col] = t;
                d = -d;
            }
            d *= a[col][col];
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int c = col; c < n; c++) a[r][c] -= f * a[col][c];
            }
        }
        return d;
    }

    static double[][] inverse(double[][] m) {
        int n = m.length;
        double[][] aug = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, aug[i], 0, n);
            aug[i][n + i] = 1;
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) if (Math.abs(aug[r][col]) > Math.abs(aug[piv][col])) piv = r;
            double[] t = aug[piv];
            aug[piv] = aug[col];
            aug[col] = t;
            double p = aug[col][col];
            for (int c = 0; c < 2 * n; c++) aug[col][c] /= p;
            for (int r = 0; r < n; r++) {
                if (r == col) continue;
                double f = aug[r][col];
                for (int c = 0; c < 2 * n; c++) aug[r][c] -= f * aug[col][c];
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) System.arraycopy(aug[i], n, inv[i], 0, n);
        return inv;
    }

    public static void main(String[] args) {
        long[][] a = {{1, 2, 3}, {4, 5, 6}};
        long[][] b = {{7, 8}, {9, 10}, {11, 12}};
        System.out.println(Arrays.deepToString(mul(a, b)));
        System.out.println(Arrays.deepToString(mul(b, a)));
        long[][] fibM = {{1, 1}, {1, 0}};
        for (int n : new int[]{1, 10, 50, 90, 1000, 1000000}) {
            System.out.println("fib(" + n + ") mod 1e9+7 = " + matPow(fibM, n, 1_000_000_007L)[0][1]);
        }
        int n = 60;
        long[][] big1 = new long[n][n], big2 = new long[n][n];
        Random r = new Random(11);
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { big1[i][j] = r.nextInt(100) - 50; big2[i][j] = r.nextInt(100) - 50; }
        long[][] prod = mul(big1, big2);
        long trace = 0, total = 0;
        for (int i = 0; i < n; i++) { trace += prod[i][i]; for (int j = 0; j < n; j++) total += prod[i][j]; }
        System.out.println("60x60 trace " + trace + " total " + total + " corner " + prod[0][0] + " " + prod[n - 1][n - 1]);
        double[][] m = {{4, 7, 2}, {3, 6, 1}, {2, 5, 3}};
        System.out.println("det " + det(m));
        double[][] inv = inverse(m);
        for (double[] row : inv) {
            StringBuilder sb = new StringBuilder();
            for (double v : row) sb.append(String.format("%10.5f", v));
            System.out.println(sb);
        }
        for (double[] row : inv) System.out.println(Arrays.toString(row));
        double[][] hilbert = new double[6][6];
        for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) hilbert[i][j] = 1.0 / (i + j + 1);
        System.out.println("hilbert det " + det(hilbert));
        double[][] hinv = inverse(hilbert);
        System.out.println("hilbert inverse corner " + hinv[0][0] + " " + hinv[5][5] + " " + hinv[2][3]);
        double[][] rot = {{Math.cos(0.3), -Math.sin(0.3)}, {Math.sin(0.3), Math.cos(0.3)}};
        double[] v = {1, 0};
        for (int i = 0; i < 21; i++) {
            double x = rot[0][0] * v[0] + rot[0][1] * v[1];
            double y = rot[1][0] * v[0] + rot[1][1] * v[1];
            v[0] = x;
            v[1] = y;
        }
        System.out.println("rotated " + v[0] + " " + v[1] + " norm " + Math.hypot(v[0], v[1]));
        float[][] fm = new float[3][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) fm[i][j] = (i + 1) * 0.1f + j * 0.3f;
        float fsum = 0;
        for (float[] row : fm) for (float x : row) fsum += x * x;
        System.out.println("float frobenius^2 " + fsum + " " + Arrays.deepToString(fm));
    }
}
