import java.util.ArrayDeque;

/**
 * Replicated workers, after the "Replicated Workers" program of the CTC repository
 * (used in a comparison of concurrency bug-finding tools and in the DFS-RB paper):
 * a coordinator owns a shared pool of work items and a group of identical worker
 * threads. Each worker repeatedly takes an item from the pool, computes on it, and
 * puts its results and any new items it generated back into the pool; the
 * computation is over when the pool is empty and every worker is idle, which the
 * coordinator (or the last worker to ask for work) detects, after which the result
 * is collected.
 *
 * <p>Our version: an item is a number {@code v}; processing it adds {@code v} to
 * the shared total and, for {@code v > 1}, generates two new items {@code v - 1}
 * (a binary tree of work per root item, FIFO pool). The pool counts the workers that
 * hold an item ({@code busy}); whoever finds the pool empty while {@code busy == 0}
 * (a worker asking for work, or the coordinator whenever it is woken) knows that no
 * new work can appear, sets {@code done} and wakes everybody. The main thread is the
 * coordinator: it fills the pool with the root items, starts the workers, waits for
 * {@code done}, joins the workers and asserts that the pool is empty and that the
 * number of items processed and the total are those of the whole forest.
 *
 * <p>Injected bug ({@code bug}): the synchronized scope of {@link Pool#take} is
 * narrowed — a worker marks itself busy ({@code busy++}) in a critical section of
 * its own after it has left {@code take}'s monitor with its item. While a worker
 * that took the last item of the pool sits between the two critical sections, the
 * pool is empty and {@code busy} may be 0; if the coordinator or an idle worker
 * checks for termination just then, it is detected too early, the other workers
 * quit, and the items the first worker then generates stay in the pool forever: the
 * coordinator's assertion "termination detected with work left in the pool" fails.
 * The pool runs empty while its last item still has children only late in a round
 * of the forest and only when the other holders are idle, so the window needs a
 * particular interleaving. {@code fixed} increments {@code busy} inside
 * {@code take}'s monitor.
 *
 * <p>Threads: main (coordinator) and {@code workers} workers. Usage:
 * {@code ReplicatedWorkers [bug|fixed] [workers] [roots] [depth]} (defaults
 * {@code bug 3 3 2}: 4 threads, 3 root items of depth 2, 9 items, total 12).
 * Recommended: {@code bug 5 3 2} (6 threads, as in the paper; depth-first search
 * does not reach the bug within a minute, DFS-RB finds it within a few thousand
 * states) and {@code fixed 3 3 2} (about 27,000 states) or {@code fixed 4 3 2}
 * (about a million states, some 16 seconds).
 */
// jvmc-rb: args=bug 3 3 2
// jvmc-rb: args=bug 5 3 2
// jvmc-rb: fixed=fixed 3 3 2
public class ReplicatedWorkers {

    /** The shared work pool; every field is guarded by the pool's monitor. */
    static final class Pool {
        final ArrayDeque<Integer> items = new ArrayDeque<>();
        final boolean buggy;
        int busy;
        boolean done;
        int total;
        int processed;

        Pool(boolean buggy) {
            this.buggy = buggy;
        }

        /** Next item, or -1 once the computation has terminated. */
        synchronized int take() throws InterruptedException {
            while (true) {
                if (done) return -1;
                if (!items.isEmpty()) {
                    int v = items.poll();
                    if (!buggy) busy++;          // correct: busy before the monitor is left
                    return v;
                }
                if (busy == 0) {                 // pool empty, nobody holds an item: finished
                    done = true;
                    notifyAll();
                    return -1;
                }
                wait();
            }
        }

        /** The part of take() the buggy variant moved into a critical section of its own. */
        synchronized void markBusy() {
            busy++;
        }

        /** Hands back the result of one item and the items it generated. */
        synchronized void finish(int result, int children, int childValue) {
            assert busy > 0 : "an item was finished by a worker not counted as busy";
            total += result;
            processed++;
            for (int i = 0; i < children; i++) items.add(childValue);
            busy--;
            notifyAll();
        }

        /** The coordinator's wait: it too detects termination whenever it is woken. */
        synchronized void awaitDone() throws InterruptedException {
            while (!done) {
                if (items.isEmpty() && busy == 0) {
                    done = true;
                    notifyAll();
                    return;
                }
                wait();
            }
        }
    }

    static final class Worker extends Thread {
        final Pool pool;

        Worker(Pool pool, int id) {
            super("worker-" + id);
            this.pool = pool;
        }

        @Override
        public void run() {
            try {
                while (true) {
                    int v = pool.take();
                    if (v < 0) return;
                    if (pool.buggy) pool.markBusy();   // too late: the pool's monitor was released in between
                    // "compute": the result of item v is v; it splits into two items v - 1
                    int result = v;
                    int children = v > 1 ? 2 : 0;
                    pool.finish(result, children, v - 1);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Sum over the tree rooted at an item v: v + 2 * sum(v - 1). */
    static int expectedTotal(int v) {
        return v <= 1 ? v : v + 2 * expectedTotal(v - 1);
    }

    static int treeSize(int v) {
        return v <= 1 ? 1 : 1 + 2 * treeSize(v - 1);
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int workers = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int roots = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int depth = args.length > 3 ? Integer.parseInt(args[3]) : 2;

        Pool pool = new Pool(buggy);
        synchronized (pool) {
            for (int i = 0; i < roots; i++) pool.items.add(depth);
        }
        Worker[] ws = new Worker[workers];
        for (int i = 0; i < workers; i++) {
            ws[i] = new Worker(pool, i);
            ws[i].start();
        }
        pool.awaitDone();
        for (Worker w : ws) w.join();

        int total;
        int processed;
        boolean empty;
        synchronized (pool) {
            total = pool.total;
            processed = pool.processed;
            empty = pool.items.isEmpty();
        }
        assert empty : "termination detected with work left in the pool";
        int items = roots * treeSize(depth);
        int expected = roots * expectedTotal(depth);
        assert processed == items : "processed " + processed + " of " + items + " items";
        assert total == expected : "total " + total + ", expected " + expected;
        System.out.println("total " + total);
    }
}
