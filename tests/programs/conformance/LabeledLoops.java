public class LabeledLoops {
    public static void main(String[] args) {
        outer:
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                if (j == 3) continue outer;
                if (i == 3) break outer;
                System.out.print(i + "" + j + " ");
            }
            System.out.print("never ");
        }
        System.out.println();
        int found = -1;
        search:
        for (int a = 1; a < 30; a++) {
            for (int b = a; b < 30; b++) {
                for (int c = b; c < 30; c++) {
                    if (a * a + b * b == c * c && a + b + c == 24) {
                        found = a * 10000 + b * 100 + c;
                        break search;
                    }
                }
            }
        }
        System.out.println("found " + found);
        int n = 0;
        loop:
        while (true) {
            n++;
            switch (n % 4) {
                case 0:
                    continue loop;
                case 3:
                    if (n > 10) break loop;
                    break;
                default:
                    System.out.print("n" + n + " ");
            }
        }
        System.out.println("| n=" + n);
        int count = 0;
        block:
        {
            count++;
            if (count > 0) break block;
            count += 100;
        }
        System.out.println("block count " + count);
        int i = 0;
        doLoop:
        do {
            i++;
            for (int k = 0; k < 3; k++) {
                if (i % 2 == 0) continue doLoop;
                if (i > 7) break doLoop;
                System.out.print(i + ":" + k + " ");
            }
        } while (i < 20);
        System.out.println("| i=" + i);
        StringBuilder sb = new StringBuilder();
        rows:
        for (int r = 0; r < 6; r++) {
            cols:
            for (int c = 0; c < 6; c++) {
                if (c > r) continue rows;
                if ((r + c) % 5 == 4) continue cols;
                if (r * c == 20) break rows;
                sb.append(r).append(c).append(',');
            }
        }
        System.out.println(sb);
        int primes = 0;
        candidates:
        for (int p = 2; p < 200; p++) {
            for (int d = 2; d * d <= p; d++) if (p % d == 0) continue candidates;
            primes++;
        }
        System.out.println("primes " + primes);
        int total = 0;
        a:
        for (int x = 0; x < 10; x++) {
            b:
            for (int y = 0; y < 10; y++) {
                c:
                for (int z = 0; z < 10; z++) {
                    if (z == y) continue b;
                    if (y == x) continue a;
                    if (x + y + z > 20) break a;
                    total += x * 100 + y * 10 + z;
                }
            }
        }
        System.out.println("total " + total);
        int w = 0;
        String res = "";
        lbl:
        try {
            w = 1;
            if (w == 1) break lbl;
            w = 2;
        } finally {
            res = "finally ran with w=" + w;
        }
        System.out.println(res);
        int iter = 0;
        for (int x = 0, y = 10; x < y; x += 2, y--) iter++;
        System.out.println("iter " + iter);
        for (;;) {
            if (++iter > 10) break;
        }
        System.out.println("iter " + iter);
    }
}
