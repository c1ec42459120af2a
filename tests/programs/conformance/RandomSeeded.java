import java.util.*;
import java.util.stream.*;

public class RandomSeeded {
    public static void main(String[] args) {
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(r.nextInt()).append(' ');
        System.out.println("nextInt: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 10; i++) sb.append(r.nextInt(100)).append(' ');
        System.out.println("nextInt(100): " + sb);
        sb.setLength(0);
        for (int i = 0; i < 10; i++) sb.append(r.nextInt(1 << 20)).append(' ');
        System.out.println("nextInt(2^20): " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextLong()).append(' ');
        System.out.println("nextLong: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextDouble()).append(' ');
        System.out.println("nextDouble: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextFloat()).append(' ');
        System.out.println("nextFloat: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 10; i++) sb.append(r.nextBoolean() ? '1' : '0');
        System.out.println("nextBoolean: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextGaussian()).append(' ');
        System.out.println("nextGaussian: " + sb);
        byte[] bytes = new byte[12];
        r.nextBytes(bytes);
        System.out.println("nextBytes: " + Arrays.toString(bytes));
        System.out.println("ints: " + new Random(7).ints(8, 0, 10).boxed().toList());
        System.out.println("longs: " + new Random(7).longs(3, -5, 5).boxed().toList());
        System.out.println("doubles: " + new Random(7).doubles(3).boxed().toList());
        System.out.println("nextInt(lo,hi): " + new Random(3).nextInt(5, 10) + " " + new Random(3).nextLong(100L) + " " + new Random(3).nextDouble(1.0, 2.0));
        Random a = new Random(123), b = new Random(123);
        boolean same = true;
        for (int i = 0; i < 1000; i++) if (a.nextInt() != b.nextInt()) same = false;
        System.out.println("same seed same sequence: " + same);
        Random c = new Random(0);
        c.setSeed(99);
        Random d = new Random(99);
        System.out.println("setSeed: " + (c.nextLong() == d.nextLong()));
        int[] hist = new int[10];
        Random h = new Random(2024);
        for (int i = 0; i < 100000; i++) hist[h.nextInt(10)]++;
        System.out.println("histogram " + Arrays.toString(hist));
        double sum = 0, sumSq = 0;
        Random g = new Random(1);
        for (int i = 0; i < 10000; i++) {
            double v = g.nextGaussian();
            sum += v;
            sumSq += v * v;
        }
        System.out.println("gaussian mean " + sum / 10000 + " var " + (sumSq / 10000 - (sum / 10000) * (sum / 10000)));
        List<Integer> deck = IntStream.range(0, 20).boxed().collect(Collectors.toList());
        Collections.shuffle(deck, new Random(5));
        System.out.println("shuffled " + deck);
        SplittableRandom sr = new SplittableRandom(42);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(sr.nextInt(1000)).append(' ');
        System.out.println("SplittableRandom: " + sb + sr.nextLong() + " " + sr.nextDouble());
        SplittableRandom split = sr.split();
        System.out.println("split: " + split.nextInt() + " " + sr.nextInt());
        double pi = 0;
        Random mc = new Random(31337);
        int inside = 0, n = 200000;
        for (int i = 0; i < n; i++) {
            double x = mc.nextDouble(), y = mc.nextDouble();
            if (x * x + y * y <= 1) inside++;
        }
        pi = 4.0 * inside / n;
        System.out.println("monte carlo pi " + pi + " inside " + inside);
        try {
            new Random(1).nextInt(-5);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
    }
}
