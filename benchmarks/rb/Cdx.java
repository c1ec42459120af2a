import java.util.ArrayList;
import java.util.List;

/**
 * A small collision detector in the spirit of CDx (Kalibera et al., "CDx: A Family of
 * Real-Time Java Benchmarks"). In CDx an air-traffic simulator produces radar frames,
 * each holding the call signs and 3-D positions of the aircraft in the air at one
 * instant, and a periodic real-time detector takes the frames one by one, turns each
 * aircraft's previous and current position (kept in a state table) into a motion vector,
 * reduces the airspace to voxels to find candidate pairs, and reports the pairs whose
 * motions come closer than a safety distance during the frame. The DFS-RB paper
 * (Pavela, Parízek et al.) used a plain Java version with two threads whose data race,
 * on one particular field accessed by both, was very rarely hit.
 *
 * <p>Our version: the simulator thread computes frames 1..{@code frames} of a few
 * aircraft flying straight lines (integer positions in metres; aircraft 0 and 1 pass
 * within the safety distance of each other in frame 2 only, the others stay apart) and
 * publishes each one on the {@link Radar}: it installs the frame and its number, then
 * ticks the period clock. The detector is a periodic task: it waits for the next period
 * (skipping periods it missed, as a late real-time task does, so frames may be dropped),
 * takes the radar's latest frame together with its number, checks every pair of aircraft
 * against the safety distance and records a report (frame number, a, b) per conflict.
 * Main joins both threads and validates every report against the flight plans: the
 * reported frame must really contain the reported conflict. The motion vectors, voxel
 * reduction and 3-D geometry of CDx are left out; the conflict test is on positions.
 *
 * <p>The bug ({@code bug}): {@link Radar#publish} was narrowed so that the frame number
 * is written in a second step, after the monitor that installs the frame has been left.
 * A detector reading the radar between the two steps gets frame k stamped with the
 * number k-1. In most frames nothing conflicts and the wrong stamp is invisible; only
 * when it hits frame 2 is a conflict reported in frame 1, and main's assertion fails
 * ("conflict 0-1 reported in frame 1, but frame 1 has none"). {@code fixed} writes the
 * number inside the monitor.
 *
 * <p>Threads: main (starts, joins, validates), the simulator and the detector (2 threads
 * as in the paper). Usage: {@code Cdx [bug|fixed] [frames] [aircraft]}, defaults
 * {@code bug 10 4} (at most 6 aircraft); the recommended arguments are the defaults
 * (the number of frames after the conflict decides how long plain DFS takes).
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed
public class Cdx {
    static final int SAFETY_DISTANCE = 10; // metres

    /** One radar frame: positions of the aircraft at one instant. Immutable. */
    static final class RawFrame {
        final int number;
        final int[] x;
        final int[] y;

        RawFrame(int number, int[] x, int[] y) {
            this.number = number;
            this.x = x;
            this.y = y;
        }
    }

    /** Straight-line flight plans: start position and velocity per frame of each aircraft. */
    static final class Simulator {
        static final int[] X0 = {0, 40, 100, 200, -100, 300};
        static final int[] Y0 = {0, 8, 100, 0, 50, 300};
        static final int[] VX = {10, -10, 0, -5, 15, -20};
        static final int[] VY = {0, 0, -5, 5, 0, 10};
        final int aircraft;

        Simulator(int aircraft) {
            this.aircraft = aircraft;
        }

        RawFrame frame(int number) {
            int[] x = new int[aircraft];
            int[] y = new int[aircraft];
            for (int i = 0; i < aircraft; i++) {
                x[i] = X0[i] + VX[i] * number;
                y[i] = Y0[i] + VY[i] * number;
            }
            return new RawFrame(number, x, y);
        }
    }

    /** What the detector takes out of the radar: the frame and the number stamped on it. */
    static final class Taken {
        final RawFrame frame;
        final int number;

        Taken(RawFrame frame, int number) {
            this.frame = frame;
            this.number = number;
        }
    }

    /**
     * The radar: the latest frame (older ones not yet seen by the detector are dropped,
     * as in a real-time system) with its number, and the period clock that releases the
     * periodic detector after each frame.
     */
    static final class Radar {
        private final boolean racy;
        private RawFrame frame;  // guarded by this
        private int frameNumber; // number of the latest frame; racy in the buggy variant
        private int ticks;       // periods elapsed, guarded by this
        private boolean closed;  // guarded by this

        Radar(boolean racy) {
            this.racy = racy;
        }

        /** Called by the simulator: installs the frame, then starts the next period. */
        void publish(RawFrame f) {
            synchronized (this) {
                frame = f;
                if (!racy) {
                    frameNumber = f.number;
                }
            }
            if (racy) {
                // BUG: the number is published in a second step, outside the monitor.
                frameNumber = f.number;
            }
            synchronized (this) {
                ticks++;
                notifyAll();
            }
        }

        /** Waits for a period after {@code handled}; returns the current period, or
         *  {@code handled} if the simulator has finished. */
        synchronized int awaitPeriod(int handled) throws InterruptedException {
            while (ticks == handled && !closed) {
                wait();
            }
            return ticks;
        }

        synchronized Taken latest() {
            return new Taken(frame, frameNumber);
        }

        synchronized void close() {
            closed = true;
            notifyAll();
        }
    }

    /** The detection: pairs of aircraft closer than the safety distance. */
    static boolean conflict(RawFrame f, int a, int b) {
        int dx = f.x[a] - f.x[b];
        int dy = f.y[a] - f.y[b];
        return dx * dx + dy * dy < SAFETY_DISTANCE * SAFETY_DISTANCE;
    }

    /** The detector's output: one report (frame number, aircraft a, aircraft b) per conflict. */
    static final class Reports {
        final List<int[]> list = new ArrayList<>();
        int periods;

        void process(RawFrame f, int stamp) {
            periods++;
            int n = f.x.length;
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (conflict(f, a, b)) {
                        list.add(new int[] {stamp, a, b});
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean racy = args.length < 1 || !args[0].equals("fixed");
        int frames = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int aircraft = args.length > 2 ? Math.min(Integer.parseInt(args[2]), 6) : 4;

        Simulator sim = new Simulator(aircraft);
        Radar radar = new Radar(racy);
        Reports reports = new Reports();

        Thread detector = new Thread(() -> {
            try {
                int handled = 0;
                while (handled < frames) {
                    int period = radar.awaitPeriod(handled);
                    if (period == handled) {
                        break; // closed
                    }
                    handled = period; // missed periods are skipped
                    Taken t = radar.latest();
                    reports.process(t.frame, t.number);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "detector");
        Thread simulator = new Thread(() -> {
            try {
                for (int k = 1; k <= frames; k++) {
                    radar.publish(sim.frame(k));
                }
            } finally {
                radar.close();
            }
        }, "simulator");
        detector.start();
        simulator.start();
        simulator.join();
        detector.join();

        int previous = 0;
        for (int[] r : reports.list) {
            assert conflict(sim.frame(r[0]), r[1], r[2])
                    : "conflict " + r[1] + "-" + r[2] + " reported in frame " + r[0] + ", but frame "
                    + r[0] + " has none: the frame's contents are from another frame";
            assert r[0] >= previous : "reports out of order: frame " + r[0] + " after " + previous;
            previous = r[0];
        }
        System.out.println("Cdx: " + frames + " frames, " + reports.periods + " periods, "
                + reports.list.size() + " conflict reports");
    }
}
