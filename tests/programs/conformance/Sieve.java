import java.util.*;

public class Sieve {
    public static void main(String[] args) {
        int n = 2_000_000;
        boolean[] composite = new boolean[n + 1];
        composite[0] = composite[1] = true;
        for (int i = 2; (long) i * i <= n; i++) {
            if (!composite[i]) for (int j = i * i; j <= n; j += i) composite[j] = true;
        }
        int count = 0;
        long sum = 0;
        int twin = 0, last = -1, maxGap = 0, gapAt = 0;
        List<Integer> first = new ArrayList<>();
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                count++;
                sum += i;
                if (first.size() < 30) first.add(i);
                if (last > 0) {
                    if (i - last == 2) twin++;
                    if (i - last > maxGap) { maxGap = i - last; gapAt = last; }
                }
                last = i;
            }
        }
        System.out.println("primes <= " + n + ": " + count);
        System.out.println("sum " + sum);
        System.out.println("first " + first);
        System.out.println("largest " + last + " twin pairs " + twin + " max gap " + maxGap + " after " + gapAt);
        for (int p = 10; p <= n; p *= 10) {
            int c = 0;
            for (int i = 2; i <= p; i++) if (!composite[i]) c++;
            System.out.println("pi(" + p + ") = " + c);
        }
        BitSet bs = new BitSet(100001);
        bs.set(2, 100001);
        for (int i = 2; i * i <= 100000; i++) if (bs.get(i)) for (int j = i * i; j <= 100000; j += i) bs.clear(j);
        System.out.println("BitSet cardinality " + bs.cardinality() + " nextSetBit(1000) " + bs.nextSetBit(1000) + " previousSetBit(1000) " + bs.previousSetBit(1000) + " length " + bs.length());
        int[] spf = new int[1001];
        for (int i = 2; i <= 1000; i++) if (spf[i] == 0) for (int j = i; j <= 1000; j += i) if (spf[j] == 0) spf[j] = i;
        for (int x : new int[]{360, 997, 1000, 512, 999, 2 * 3 * 5 * 7 * 4}) {
            StringBuilder sb = new StringBuilder();
            int y = x;
            while (y > 1) { sb.append(spf[y]).append(y / spf[y] > 1 ? "*" : ""); y /= spf[y]; }
            System.out.println(x + " = " + sb);
        }
        int[] phi = new int[101];
        for (int i = 0; i <= 100; i++) phi[i] = i;
        for (int i = 2; i <= 100; i++) if (phi[i] == i) for (int j = i; j <= 100; j += i) phi[j] -= phi[j] / i;
        System.out.println("phi " + Arrays.toString(Arrays.copyOfRange(phi, 1, 31)));
        long goldbachChecked = 0;
        for (int even = 4; even <= 20000; even += 2) {
            boolean ok = false;
            for (int p = 2; p <= even / 2; p++) if (!composite[p] && !composite[even - p]) { ok = true; break; }
            if (ok) goldbachChecked++;
        }
        System.out.println("goldbach holds for " + goldbachChecked + " evens");
    }
}
