// jvmc-check: verdict=ok
// outcome: a=236 b=164 local=30,30
// outcome: a=164 b=236 local=30,30
// A java.util.Random(7) shared by two threads: its seed is advanced by an atomic CAS, so
// the two nextInt(1000) calls get the first two values of the seed-7 sequence (236, 164)
// in either order. Each thread's own Random(42) gives 30. ThreadLocalRandom and nanoTime
// are used too (range and monotonicity asserted, values not printed).
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

public class RandomSeeded {
    static final Random shared = new Random(7);
    static int a, b, la, lb;

    public static void main(String[] args) throws InterruptedException {
        long t0 = System.nanoTime();
        Thread t1 = new Thread(() -> {
            a = shared.nextInt(1000);
            la = new Random(42).nextInt(100);
            int r = ThreadLocalRandom.current().nextInt(10);
            assert r >= 0 && r < 10;
        });
        Thread t2 = new Thread(() -> {
            b = shared.nextInt(1000);
            lb = new Random(42).nextInt(100);
            int r = ThreadLocalRandom.current().nextInt(5, 8);
            assert r >= 5 && r < 8;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        long t1ns = System.nanoTime();
        assert t1ns >= t0 : "nanoTime went backwards";
        System.out.println("a=" + a + " b=" + b + " local=" + la + "," + lb);
    }
}
