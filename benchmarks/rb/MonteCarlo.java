/**
 * A Monte Carlo pricing worker pool in the spirit of the Java Grande Forum "Monte
 * Carlo" benchmark. The original prices a financial product by simulating many
 * independent random walks of an asset price (geometric Brownian motion seeded from
 * historical data), one walk per task; the multithreaded version splits the tasks among
 * worker threads, each of which runs its walks and stores what it computed in shared
 * result structures that the coordinator averages at the end. It was one of the
 * training benchmarks of the DFS-RB paper (Pavela, Parízek et al.), with two threads.
 *
 * <p>Our version: the coordinator (main) builds a pool of {@code tasks} pricing tasks
 * for a down-and-out call option and starts {@code workers} worker threads. A worker
 * repeatedly takes the next task number from the pool (synchronized), simulates
 * {@code paths} price paths of {@code steps} steps each in integer fixed-point
 * arithmetic, driven by a small linear congruential generator seeded from the task
 * number (so a task's result does not depend on which worker runs it), and adds every
 * path's outcome to the shared result object ({@link Accumulator}): the payoff goes into
 * the sum, the sum of squares and the path count; a path whose price fell below the
 * barrier is knocked out and only counted. The worker also stores the task's own total
 * in a per-task slot. After joining the workers the coordinator checks that the
 * accumulated sum equals the sum of the per-task totals and that every path was counted,
 * and prints the number of paths, the knock-outs and the mean payoff.
 *
 * <p>The bug ({@code bug}): in {@link Accumulator#knockOut} the synchronized block was
 * narrowed to the knock-out counter, so its increment of the shared path counter
 * {@code count} is an unsynchronized read-modify-write racing with the locked
 * increments of {@link Accumulator#add}. If the other worker adds a path between the read
 * and the write, one update is lost and the coordinator's assertion
 * {@code count == tasks * paths} fails ("lost update"). With the default sizes exactly
 * one path knocks out (the first path of task 0, early in the run), so the racy window
 * opens once, near the start; depth-first search reaches it only after exhausting the
 * interleavings of the rest of the run. {@code fixed} keeps both increments in the
 * monitor.
 *
 * <p>Threads: main (the coordinator, which only starts and joins) and the workers (2 by
 * default, as in the paper). Usage: {@code MonteCarlo [bug|fixed] [workers] [tasks]
 * [paths] [steps]}, defaults {@code bug 2 10 4 6}, which are the recommended arguments
 * (other sizes change which paths knock out).
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed
public class MonteCarlo {

    /** A small deterministic linear congruential generator (the constants of Knuth's MMIX). */
    static final class Lcg {
        private long state;

        Lcg(long seed) {
            state = seed * 0x9E3779B97F4A7C15L + 12345L;
        }

        /** A draw in {@code [0, bound)}. */
        int next(int bound) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            long high = state >>> 33; // 31 well-mixed bits
            return (int) (high % bound);
        }
    }

    /**
     * Market and product parameters shared read-only by all tasks (prices in
     * thousandths of a unit): a down-and-out call that pays {@code final - strike} unless
     * the price fell below {@code barrier} at some step.
     */
    static final class Market {
        final long startPrice;
        final long strike;
        final long barrier;
        final int driftPerMille;      // expected change per step, in thousandths
        final int volatilityPerMille; // amplitude of the random change, in thousandths

        Market(long startPrice, long strike, long barrier, int driftPerMille, int volatilityPerMille) {
            this.startPrice = startPrice;
            this.strike = strike;
            this.barrier = barrier;
            this.driftPerMille = driftPerMille;
            this.volatilityPerMille = volatilityPerMille;
        }
    }

    /** Hands out task numbers 0 .. size-1, each exactly once. */
    static final class TaskPool {
        private final int size;
        private int next;

        TaskPool(int size) {
            this.size = size;
        }

        synchronized int take() {
            return next < size ? next++ : -1;
        }
    }

    /** The shared result object: payoff statistics over all simulated paths. */
    static final class Accumulator {
        private final boolean racy;
        long sum;       // sum of the payoffs
        long sumSq;     // sum of their squares
        int count;      // paths accounted for
        int knockedOut; // paths that hit the barrier (payoff 0)
        /** One slot per task, written only by the worker that ran the task. */
        final long[] taskTotals;

        Accumulator(int tasks, boolean racy) {
            this.racy = racy;
            this.taskTotals = new long[tasks];
        }

        synchronized void add(long payoff) {
            count++;
            sum += payoff;
            sumSq += payoff * payoff;
        }

        void knockOut() {
            if (racy) {
                synchronized (this) {
                    knockedOut++;
                }
                // BUG: the synchronized block above was narrowed; the path counter is
                // updated outside the monitor and races with add().
                count++;
            } else {
                synchronized (this) {
                    knockedOut++;
                    count++;
                }
            }
        }
    }

    /** Simulates one price path of a task: its payoff, or -1 if it was knocked out. */
    static long simulatePath(Market market, Lcg rng, int steps) {
        long price = market.startPrice;
        boolean knockedOut = false;
        for (int s = 0; s < steps; s++) {
            int shock = rng.next(2 * market.volatilityPerMille + 1) - market.volatilityPerMille;
            price += price * (market.driftPerMille + shock) / 1000;
            if (price < market.barrier) {
                knockedOut = true;
            }
        }
        return knockedOut ? -1 : Math.max(price - market.strike, 0);
    }

    static final class Worker extends Thread {
        private final TaskPool pool;
        private final Market market;
        private final Accumulator acc;
        private final int paths;
        private final int steps;

        Worker(TaskPool pool, Market market, Accumulator acc, int paths, int steps) {
            this.pool = pool;
            this.market = market;
            this.acc = acc;
            this.paths = paths;
            this.steps = steps;
        }

        @Override
        public void run() {
            int task;
            while ((task = pool.take()) >= 0) {
                Lcg rng = new Lcg(task + 1); // per-task seed: results independent of the schedule
                long total = 0;
                for (int p = 0; p < paths; p++) {
                    long payoff = simulatePath(market, rng, steps);
                    if (payoff < 0) {
                        acc.knockOut();
                    } else {
                        total += payoff;
                        acc.add(payoff);
                    }
                }
                acc.taskTotals[task] = total;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean racy = args.length < 1 || !args[0].equals("fixed");
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int tasks = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int paths = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int steps = args.length > 4 ? Integer.parseInt(args[4]) : 6;

        Market market = new Market(100_000L, 95_000L, 90_500L, 2, 40);
        TaskPool pool = new TaskPool(tasks);
        Accumulator acc = new Accumulator(tasks, racy);
        Worker[] ws = new Worker[workers];
        for (int i = 0; i < workers; i++) {
            ws[i] = new Worker(pool, market, acc, paths, steps);
        }
        for (Worker w : ws) {
            w.start();
        }
        for (Worker w : ws) {
            w.join();
        }

        long expected = 0;
        for (long t : acc.taskTotals) {
            expected += t;
        }
        assert acc.sum == expected : "lost payoff: accumulated " + acc.sum + " != sum of tasks " + expected;
        assert acc.count == tasks * paths : "lost update: " + acc.count + " paths counted, "
                + tasks * paths + " simulated";
        long mean = acc.sum / acc.count;
        System.out.println("MonteCarlo: " + acc.count + " paths, " + acc.knockedOut
                + " knocked out, mean payoff " + mean);
    }
}
