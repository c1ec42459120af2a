import java.util.Arrays;

/**
 * A multithreaded quicksort in the spirit of QSortMT from the Inspect benchmark suite
 * (a C/pthreads program after Spinellis' {@code qsort_mt}). There a pool of threads
 * sorts one array: a thread partitions its part of the array, hands one side to an idle
 * thread through shared bookkeeping and goes on with the other side, and sorts small
 * parts directly; the pool finishes when every thread is idle and no work is left. The
 * DFS-RB paper (Pavela, Parízek et al.) used it with two threads; its bug is a data race
 * on that shared bookkeeping.
 *
 * <p>Our version: main fills an array with {@code length} values from a small linear
 * congruential generator and puts the whole range on a shared work stack
 * ({@link WorkQueue}), then starts the workers. A worker takes a range from the stack
 * (waiting while the stack is empty and some other worker is still busy; the last
 * worker to go idle with the stack empty ends the sort), and while the range is longer
 * than {@link #CUTOFF} it partitions it around its middle element, pushes the larger
 * side onto the stack for whoever is idle and continues with the smaller side; short
 * ranges are insertion-sorted. Main joins the workers and checks that the array is
 * sorted and is a permutation of the input.
 *
 * <p>The bug ({@code bug}): {@link WorkQueue#push} was narrowed so that only its
 * notification is inside the monitor; the store into the stack and the read-modify-write
 * of the stack's {@code size} race with the other worker's synchronized {@code next}.
 * Interleaved with a pop, a push can lose the pushed range (it lies past the restored
 * size: that part of the array is never sorted) or leave an already taken range on the
 * stack (it is sorted a second time, possibly while its first owner is still sorting it,
 * which can duplicate or drop elements). Main's assertions then fail ("not sorted" or
 * "not a permutation"). Re-sorted stale ranges push their sides again, so a corrupted
 * run could go on for long; the stack hands out at most 2n + 2 ranges (a correct sort
 * needs at most n + 1) and then shuts the pool down, and a push into a full stack fails
 * an assertion ("work stack overflow"), so every run is bounded. {@code fixed} keeps the
 * whole push in the monitor.
 *
 * <p>Threads: main (prepares, starts, joins, checks) and the workers (2 by default, as in
 * the paper). Usage: {@code QSortMT [bug|fixed] [workers] [length] [seed]}, defaults
 * {@code bug 2 16 3}; the recommended arguments are the defaults (whether the race can
 * corrupt the result at all depends on the input: with length 10 and seed 1, for
 * instance, no interleaving does).
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed
public class QSortMT {
    /** Ranges of at most this many elements are insertion-sorted. */
    static final int CUTOFF = 2;

    /** A range of the array, {@code lo} inclusive, {@code hi} exclusive. Immutable. */
    static final class Range {
        final int lo;
        final int hi;

        Range(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }
    }

    /** The shared work stack with the pool's idle bookkeeping. */
    static final class WorkQueue {
        private final boolean racy;
        private final int workers;
        private final int limit; // more ranges than a correct sort of the array can need
        private final Range[] items;
        private int size;
        private int idle;        // workers waiting in next(), guarded by this
        private int handedOut;   // guarded by this
        private boolean done;    // guarded by this

        WorkQueue(int length, int workers, boolean racy) {
            this.limit = 2 * length + 2;
            this.items = new Range[limit];
            this.workers = workers;
            this.racy = racy;
        }

        void push(Range r) {
            if (racy) {
                // BUG: the synchronized block was narrowed to the notification.
                int s = size;
                assert s < items.length : "work stack overflow";
                items[s] = r;
                size = s + 1;
                synchronized (this) {
                    notifyAll();
                }
            } else {
                synchronized (this) {
                    int s = size;
                    assert s < items.length : "work stack overflow";
                    items[s] = r;
                    size = s + 1;
                    notifyAll();
                }
            }
        }

        /**
         * The next range to sort, or null once every worker is idle and no work is left.
         * A sort of n elements takes at most n + 1 ranges; past {@code limit} the pool
         * shuts down (only a corrupted stack gets there), so every run is bounded.
         */
        synchronized Range next() throws InterruptedException {
            idle++;
            while (size == 0 && !done) {
                if (idle == workers) {
                    done = true;
                    notifyAll();
                } else {
                    wait();
                }
            }
            idle--;
            if (!done && handedOut == limit) {
                done = true;
                notifyAll();
            }
            if (done) {
                return null;
            }
            handedOut++;
            int s = size - 1;
            size = s;
            return items[s];
        }
    }

    static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** Lomuto partition of a[lo, hi) around its middle element; returns the pivot's index. */
    static int partition(int[] a, int lo, int hi) {
        swap(a, lo + (hi - lo) / 2, hi - 1);
        int pivot = a[hi - 1];
        int store = lo;
        for (int i = lo; i < hi - 1; i++) {
            if (a[i] < pivot) {
                swap(a, i, store);
                store++;
            }
        }
        swap(a, store, hi - 1);
        return store;
    }

    static void insertionSort(int[] a, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            int x = a[i];
            int j = i;
            while (j > lo && a[j - 1] > x) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
    }

    static final class Worker extends Thread {
        private final int[] a;
        private final WorkQueue queue;

        Worker(int[] a, WorkQueue queue) {
            this.a = a;
            this.queue = queue;
        }

        @Override
        public void run() {
            try {
                Range r;
                while ((r = queue.next()) != null) {
                    int lo = r.lo;
                    int hi = r.hi;
                    while (hi - lo > CUTOFF) {
                        int p = partition(a, lo, hi);
                        if (p - lo > hi - (p + 1)) { // hand out the larger side
                            queue.push(new Range(lo, p));
                            lo = p + 1;
                        } else {
                            queue.push(new Range(p + 1, hi));
                            hi = p;
                        }
                    }
                    insertionSort(a, lo, hi);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean racy = args.length < 1 || !args[0].equals("fixed");
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int length = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 3;

        int[] a = new int[length];
        long state = seed * 0x9E3779B97F4A7C15L + 7;
        for (int i = 0; i < length; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            a[i] = (int) ((state >>> 33) % 100);
        }
        int[] expected = a.clone();
        Arrays.sort(expected);

        WorkQueue queue = new WorkQueue(length, workers, racy);
        queue.push(new Range(0, length));
        Worker[] ws = new Worker[workers];
        for (int i = 0; i < workers; i++) {
            ws[i] = new Worker(a, queue);
        }
        for (Worker w : ws) {
            w.start();
        }
        for (Worker w : ws) {
            w.join();
        }

        for (int i = 1; i < length; i++) {
            assert a[i - 1] <= a[i] : "not sorted at " + i + ": " + Arrays.toString(a);
        }
        assert Arrays.equals(a, expected) : "not a permutation of the input: " + Arrays.toString(a);
        System.out.println("QSortMT: sorted " + length + " elements, min " + a[0] + ", max "
                + a[length - 1]);
    }
}
