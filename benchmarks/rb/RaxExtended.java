/**
 * Tasks synchronised by event counters with a missed-signal race, after the "RAX
 * Extended" program of the CTC (IBM concurrency testing) repository used in the DFS-RB
 * paper (Section 5.1).
 *
 * <p>The original goes back to the Remote Agent experiment (RAX) on Deep Space 1,
 * where model checking the executive found a missed-signal race: a task read an
 * event's counter, and if nothing had happened since its last look it waited on the
 * event; the test and the wait were not one atomic step, so a signal arriving between
 * them was lost and the task (and then the executive waiting on it) blocked forever.
 * The CTC program is a Java model of that executive/planner handshake, extended with
 * more tasks and events; the paper injected the race by narrowing a synchronized
 * block and ran it with 5 threads.
 *
 * <p>Our version (written from that description): an {@link Event} is a monitor with
 * a counter that {@code signal} increments, notifying all waiters. An executive
 * thread runs {@code rounds} rounds: it signals the shared {@code start} event, then
 * waits on the {@code done} event until every task has reported the round
 * ({@code awaitAtLeast}, a correct monitor loop). Each task, per round, waits with
 * {@code awaitChange(seen)} for the {@code start} counter to move past the value it
 * saw last, records the round it now works on in the shared {@link Plan} (asserting
 * that no round was skipped or repeated) and signals {@code done}. At the end main
 * asserts the plan holds {@code tasks * rounds} steps.
 *
 * <p>Injected race ({@code bug}): in {@link Event#awaitChange} the test
 * {@code count == seen} was moved out of the synchronized block, which was narrowed
 * to the {@code wait()} alone (test once, then wait, as in the RAX code). A task
 * that has reported a round tests {@code start} (unchanged); if the last report comes
 * in and the executive signals the next round before that task reaches its
 * {@code wait()}, the notification is lost: the task waits for a signal that never
 * comes, the executive waits for the task's report, and the program deadlocks (jvmc
 * reports the deadlock; under the real JVM it hangs). Before the first round the same
 * can happen to any task. {@code fixed} tests and waits in one synchronized block,
 * in a loop.
 *
 * <p>Threads: main, the executive and the tasks (4 by default: 5 threads besides
 * main). Usage: {@code RaxExtended [bug|fixed] [tasks] [rounds]} (defaults
 * {@code bug 4 2}); recommended: {@code RaxExtended bug} and {@code RaxExtended fixed}.
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed 3
public class RaxExtended {

    /** An event counter: signal() counts and wakes every waiter. */
    static final class Event {
        final boolean buggy;
        int count;

        Event(boolean buggy) {
            this.buggy = buggy;
        }

        synchronized void signal() {
            count++;
            notifyAll();
        }

        synchronized int count() {
            return count;
        }

        /** Waits until the counter reaches {@code target} (correct in both variants). */
        synchronized void awaitAtLeast(int target) throws InterruptedException {
            while (count < target) {
                wait();
            }
        }

        /** Waits until the counter differs from {@code seen}; returns its new value. */
        int awaitChange(int seen) throws InterruptedException {
            if (buggy) {
                if (count == seen) { // BUG: tested outside the monitor
                    synchronized (this) {
                        wait();
                    }
                }
                return count();
            }
            synchronized (this) {
                while (count == seen) {
                    wait();
                }
                return count;
            }
        }
    }

    /** State shared by the tasks: the plan they build and the round each works on. */
    static final class Plan {
        int steps;
        final int[] round;

        Plan(int tasks) {
            round = new int[tasks];
        }

        synchronized void work(int task, int startCount) {
            assert startCount == round[task] + 1
                    : "task " + task + " saw start " + startCount + " in round " + round[task];
            round[task] = startCount;
            steps++;
        }

        synchronized int steps() {
            return steps;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int tasks = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        Event start = new Event(buggy);
        Event done = new Event(buggy);
        Plan plan = new Plan(tasks);

        Thread executive = new Thread(() -> {
            try {
                for (int r = 1; r <= rounds; r++) {
                    start.signal();
                    done.awaitAtLeast(r * tasks);
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread[] workers = new Thread[tasks];
        for (int t = 0; t < tasks; t++) {
            final int id = t;
            workers[t] = new Thread(() -> {
                try {
                    int seenStart = 0;
                    for (int r = 1; r <= rounds; r++) {
                        seenStart = start.awaitChange(seenStart);
                        plan.work(id, seenStart);
                        done.signal();
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
        }
        executive.start();
        for (Thread w : workers) {
            w.start();
        }
        executive.join();
        for (Thread w : workers) {
            w.join();
        }
        assert plan.steps() == tasks * rounds : "plan has " + plan.steps() + " steps";
        System.out.println("RaxExtended " + (buggy ? "bug" : "fixed") + ": " + plan.steps() + " steps");
    }
}
