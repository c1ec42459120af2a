// jvmc-check: verdict=ok
// outcome: meals=3
// Three philosophers, each picks up the lower-numbered of its two forks first (a global
// lock order), so no circular wait exists and every philosopher eats. meals is only
// updated while holding both forks; philosophers sharing a fork are serialized by it, and
// any two philosophers of three share a fork, so the count is exact.
public class DiningPhilosophersOrdered {
    static final int N = 3;
    static final Object[] forks = new Object[N];
    static int meals;

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < N; i++) forks[i] = new Object();
        Thread[] ts = new Thread[N];
        for (int i = 0; i < N; i++) {
            int l = i, r = (i + 1) % N;
            final Object first = forks[Math.min(l, r)];
            final Object second = forks[Math.max(l, r)];
            ts[i] = new Thread(() -> {
                synchronized (first) {
                    synchronized (second) {
                        meals++;
                    }
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("meals=" + meals);
    }
}
