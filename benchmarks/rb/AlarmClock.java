import java.util.ArrayList;

/**
 * An alarm clock, after the "Alarm Clock" program of the CTC (IBM concurrency
 * testing) repository used in the DFS-RB paper (Section 5.1).
 *
 * <p>The original: a clock thread advances a logical time, and sleeper threads ask a
 * monitor to wake them a number of ticks from now; the monitor keeps the waiting
 * sleepers ordered by their wake-up times, and every tick wakes the ones whose time
 * has come. A race was injected there by narrowing the scope of a synchronized block.
 *
 * <p>Our version (written from that description): a {@link Monitor} holds the logical
 * time {@code now}, the pending alarms sorted by wake-up time, and the number of
 * sleepers still running. The clock thread ticks only while some alarm is pending
 * (so time stays bounded) and stops when every sleeper has left; each tick advances
 * {@code now} by one and rings every alarm due, recording the time it rang. Each
 * sleeper takes a few naps of 1 to 3 ticks; a nap registers an alarm for
 * {@code now + ticks} and waits until it rings, then asserts that it rang exactly at
 * its wake-up time (the clock rings every due alarm at the tick that reaches it, and a
 * correctly registered alarm always lies in the future).
 *
 * <p>Injected race ({@code bug}): in {@link Monitor#nap} the read of {@code now} that
 * computes the wake-up time was moved out of the synchronized block (the block was
 * narrowed to the registration and the wait). If the clock ticks between that read
 * and the registration, the alarm is registered for a time that has already come; it
 * rings one tick late and the sleeper's assertion ("alarm for t rang at t+1") fails.
 * The clock only ticks while another sleeper's alarm is pending, so the window opens
 * only in some interleavings. {@code fixed} reads {@code now} inside the block.
 *
 * <p>Threads: main, the clock, and the sleepers (2 by default: 3 threads besides
 * main, as in the paper). Usage: {@code AlarmClock [bug|fixed] [sleepers] [naps]}
 * (defaults {@code bug 2 3}); recommended: {@code AlarmClock bug} and
 * {@code AlarmClock fixed}.
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed
public class AlarmClock {

    /** One registered wake-up request. */
    static final class Alarm {
        final int sleeper;
        final int time;
        int rangAt = -1;

        Alarm(int sleeper, int time) {
            this.sleeper = sleeper;
            this.time = time;
        }
    }

    /** The shared monitor: logical time, pending alarms, running sleepers. */
    static final class Monitor {
        final boolean buggy;
        int now;
        int running;
        final ArrayList<Alarm> pending = new ArrayList<>();

        Monitor(boolean buggy, int sleepers) {
            this.buggy = buggy;
            this.running = sleepers;
        }

        /**
         * One clock tick: waits until an alarm is pending; returns false once every
         * sleeper has left.
         */
        synchronized boolean tick() throws InterruptedException {
            while (pending.isEmpty() && running > 0) {
                wait();
            }
            if (pending.isEmpty()) {
                return false;
            }
            now++;
            while (!pending.isEmpty() && pending.get(0).time <= now) {
                Alarm a = pending.remove(0);
                a.rangAt = now;
            }
            notifyAll();
            return true;
        }

        /** Sleeps {@code ticks} ticks of logical time. */
        void nap(int sleeper, int ticks) throws InterruptedException {
            int wake = 0;
            if (buggy) {
                wake = now + ticks; // BUG: time read outside the monitor
            }
            synchronized (this) {
                if (!buggy) {
                    wake = now + ticks;
                }
                Alarm alarm = new Alarm(sleeper, wake);
                int i = 0;
                while (i < pending.size() && pending.get(i).time <= wake) {
                    i++;
                }
                pending.add(i, alarm);
                notifyAll(); // the clock may be waiting for a pending alarm
                while (alarm.rangAt < 0) {
                    wait();
                }
                assert alarm.rangAt == alarm.time
                        : "sleeper " + sleeper + ": alarm for " + alarm.time + " rang at " + alarm.rangAt;
            }
        }

        synchronized void leave() {
            running--;
            notifyAll();
        }

        synchronized int now() {
            return now;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int sleepers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int naps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Monitor monitor = new Monitor(buggy, sleepers);

        Thread clock = new Thread(() -> {
            try {
                while (monitor.tick()) {
                    // next tick
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread[] threads = new Thread[sleepers];
        for (int s = 0; s < sleepers; s++) {
            final int id = s;
            threads[s] = new Thread(() -> {
                try {
                    for (int n = 0; n < naps; n++) {
                        monitor.nap(id, 1 + (id + 2 * n) % 3);
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                } finally {
                    monitor.leave();
                }
            });
        }
        clock.start();
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        clock.join();
        System.out.println("AlarmClock " + (buggy ? "bug" : "fixed") + ": time " + monitor.now());
    }
}
