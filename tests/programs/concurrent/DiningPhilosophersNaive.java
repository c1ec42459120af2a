// jvmc-check: verdict=violation kind=deadlock
// Three philosophers, each picks up the left fork then the right fork (monitors). If all
// three hold their left fork, each waits for its right neighbour's fork forever: the
// classic circular-wait deadlock.
public class DiningPhilosophersNaive {
    static final int N = 3;
    static final Object[] forks = new Object[N];
    static int meals;

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < N; i++) forks[i] = new Object();
        Thread[] ts = new Thread[N];
        for (int i = 0; i < N; i++) {
            final Object left = forks[i];
            final Object right = forks[(i + 1) % N];
            ts[i] = new Thread(() -> {
                synchronized (left) {
                    synchronized (right) {
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
