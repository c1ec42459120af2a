/**
 * Dining philosophers with ordered forks (deadlock-free: every philosopher takes the
 * lower-numbered fork first), shaped like JPF's `DiningPhil` example: a philosopher is
 * a `Thread` that starts itself in its constructor and reads its forks from its own
 * (non-final) fields. Argument: N (default 5).
 */
public class DiningPhilosophers {
    static class Fork {
    }

    static class Philosopher extends Thread {
        Fork left;
        Fork right;

        Philosopher(Fork left, Fork right) {
            this.left = left;
            this.right = right;
            start();
        }

        @Override
        public void run() {
            // think, then eat
            synchronized (left) {
                synchronized (right) {
                }
            }
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Fork[] forks = new Fork[n];
        for (int i = 0; i < n; i++) {
            forks[i] = new Fork();
        }
        for (int i = 0; i < n; i++) {
            int a = i;
            int b = (i + 1) % n;
            new Philosopher(forks[Math.min(a, b)], forks[Math.max(a, b)]);
        }
    }
}
