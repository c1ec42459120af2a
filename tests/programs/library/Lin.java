import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A small linearizability harness for the trusted-method self-check (issue 10): a
 * scenario is an object, the calls each thread makes on it, and the object's final
 * state. Before any thread starts, {@link #check} computes the admitted outcomes by
 * running every interleaving of the threads' calls (each thread's calls in program
 * order) sequentially on a fresh object; then the threads run concurrently and the
 * observed outcome (every call's result and the final state) must be one of them.
 *
 * This is Violat's outcome check: it ignores the real-time order between calls of
 * different threads (a weaker check than linearizability proper, exact when no call
 * of one thread finishes before another thread's call starts, which the checker
 * cannot tell apart anyway).
 *
 * A call that blocks has a sequential version ({@link #blocking}): it runs on the
 * fresh object in place of the real one and calls {@link #blocked} where the real call
 * would wait, which rules that interleaving out.
 */
final class Lin<T> {
    /** One call on the object; its result is part of the outcome. */
    interface Op<T> {
        Object apply(T target) throws Exception;
    }

    /** Thrown by a sequential version where the real call would wait. */
    static final class Blocked extends RuntimeException {
        Blocked() {
            super(null, null, false, false);
        }
    }

    static Object blocked() {
        throw new Blocked();
    }

    private static final ThreadLocal<Integer> ME = new ThreadLocal<>();
    private static boolean sequentialRun;

    /** The index of the scenario thread making the current call. */
    static int me() {
        return ME.get();
    }

    /** Whether the object being made or called is a sequential run's (specification
     * models, like a lock's owner, keep their state apart from the real object's). */
    static boolean inSequentialRun() {
        return sequentialRun;
    }

    private final String name;
    private final Supplier<T> fresh;
    private final Function<T, Object> state;
    private final List<List<Op<T>>> threads = new ArrayList<>();

    private Lin(String name, Supplier<T> fresh, Function<T, Object> state) {
        this.name = name;
        this.fresh = fresh;
        this.state = state;
    }

    static <T> Lin<T> of(String name, Supplier<T> fresh, Function<T, Object> state) {
        return new Lin<>(name, fresh, state);
    }

    /** A thread making these calls. */
    @SafeVarargs
    final Lin<T> thread(Op<T>... ops) {
        threads.add(Arrays.asList(ops));
        return this;
    }

    /** A call that may block: `real` runs concurrently, `seq` in the sequential runs. */
    static <T> Op<T> blocking(Op<T> real, Op<T> seq) {
        return new Blocking<>(real, seq);
    }

    private static final class Blocking<T> implements Op<T> {
        final Op<T> real;
        final Op<T> seq;

        Blocking(Op<T> real, Op<T> seq) {
            this.real = real;
            this.seq = seq;
        }

        @Override
        public Object apply(T target) throws Exception {
            return real.apply(target);
        }
    }

    private static Object sequential(Op<?> op, Object target) {
        return run(op instanceof Blocking ? ((Blocking<?>) op).seq : op, target);
    }

    static Object run(Op<?> op, Object target) {
        try {
            @SuppressWarnings("unchecked")
            Op<Object> o = (Op<Object>) op;
            Object r = o.apply(target);
            return r instanceof Object[] ? Arrays.toString((Object[]) r) : r;
        } catch (Blocked b) {
            throw b;
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    private String outcome(Object[][] results, T target) {
        StringBuilder sb = new StringBuilder();
        for (Object[] r : results) {
            sb.append(Arrays.toString(r)).append(' ');
        }
        return sb.append("state=").append(state.apply(target)).toString();
    }

    /** Every interleaving: `next[t]` is thread t's next call. */
    private void admit(int[] next, List<int[]> order, TreeSet<String> admitted) {
        boolean any = false;
        for (int t = 0; t < threads.size(); t++) {
            if (next[t] < threads.get(t).size()) {
                any = true;
                order.add(new int[] {t, next[t]});
                next[t]++;
                admit(next, order, admitted);
                next[t]--;
                order.remove(order.size() - 1);
            }
        }
        if (!any) {
            sequentialRun = true;
            T target = fresh.get();
            Object[][] results = new Object[threads.size()][];
            for (int t = 0; t < results.length; t++) {
                results[t] = new Object[threads.get(t).size()];
            }
            try {
                for (int[] call : order) {
                    ME.set(call[0]);
                    results[call[0]][call[1]] = sequential(threads.get(call[0]).get(call[1]), target);
                }
            } catch (Blocked b) {
                return;
            } finally {
                sequentialRun = false;
            }
            admitted.add(outcome(results, target));
        }
    }

    /** Only the scenario of this name runs (all when null); `--list` lists them. */
    static String only;

    /** Runs the scenario; an outcome no interleaving admits is an AssertionError. */
    void check() throws InterruptedException {
        if ("--list".equals(only)) {
            System.out.println(name);
            return;
        }
        if (only != null && !name.equals(only)) {
            return;
        }
        TreeSet<String> admitted = new TreeSet<>();
        admit(new int[threads.size()], new ArrayList<>(), admitted);
        T target = fresh.get();
        Object[][] results = new Object[threads.size()][];
        Thread[] running = new Thread[threads.size()];
        for (int t = 0; t < running.length; t++) {
            List<Op<T>> ops = threads.get(t);
            Object[] mine = results[t] = new Object[ops.size()];
            int index = t;
            running[t] = new Thread(() -> {
                ME.set(index);
                for (int i = 0; i < ops.size(); i++) {
                    mine[i] = run(ops.get(i), target);
                }
            });
        }
        for (Thread th : running) {
            th.start();
        }
        for (Thread th : running) {
            th.join();
        }
        String observed = outcome(results, target);
        if (!admitted.contains(observed)) {
            throw new AssertionError(name + ": not linearizable: " + observed + "; admitted: " + admitted);
        }
    }
}
