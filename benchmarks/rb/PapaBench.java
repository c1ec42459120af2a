/**
 * A small autopilot after jPapaBench, the plain-Java version of the PapaBench
 * real-time benchmark (the Paparazzi autopilot of unmanned aerial vehicles) used in
 * the DFS-RB paper: periodic tasks of the autopilot and fly-by-wire units —
 * radio control, GPS, navigation, altitude and climb control, stabilisation,
 * telemetry — run as threads and exchange sensor readings and commands through
 * shared state objects. The paper's error is a data race on such shared state;
 * every path of that program eventually reaches an error, but the paths are long.
 *
 * <p>Our version: logical time kept by a clock that main advances for
 * {@code ticks} ticks; each task is released at its period and runs one job per
 * release. The GPS task publishes the aircraft's position (x, y), flying east
 * along y = 0 until the turn point and then north-east along y = 2 (x - turnX);
 * the navigation task reads the position, asserts that it lies on the route
 * (a position with one coordinate from one fix and the other from another does
 * not) and publishes the flight mode with its altitude setpoint; the altitude
 * control task reads mode and setpoint, asserts they belong together, and
 * publishes a climb command; the stabilisation task turns the climb command into
 * an elevator servo setting; the telemetry task (period 2) reads position and mode
 * and checks the position too. Each shared object is guarded by its own monitor.
 *
 * <p>Injected bug ({@code bug}): the GPS task's critical section is narrowed — it
 * publishes x inside the position's monitor but y after leaving it. A reader that
 * runs between the two writes sees the new x with the old y. Before the turn y
 * does not change, so the race is harmless there; from the first fix after the
 * turn on, such a read fails the on-route assertion ("position off the route").
 * So the error needs the GPS task to get past the turn and a reader to be
 * scheduled inside its write. {@code fixed} writes x and y in one critical section.
 *
 * <p>Threads: main (the clock) and five tasks: 6 in all (the paper's version has 7).
 * Usage: {@code PapaBench [bug|fixed] [ticks] [turn]} (defaults {@code bug 3 1}: the
 * turn after the first fix, so fixes 2 and 3 can be torn). Recommended:
 * {@code bug 3 1} and {@code fixed 3 1} (about 700,000 states, some 11 seconds;
 * {@code fixed 2 1} about 100,000 states).
 */
// jvmc-rb: args=bug 3 1
// jvmc-rb: fixed=fixed 2 1
public class PapaBench {

    /** Logical time; main advances it, tasks wait for their release. */
    static final class Clock {
        int now;

        synchronized void awaitTick(int t) throws InterruptedException {
            while (now < t) wait();
        }

        synchronized void advance() {
            now++;
            notifyAll();
        }
    }

    /** Shared position estimate, written by the GPS task. */
    static final class Position {
        int x;
        int y;
        int fix;                    // number of the GPS fix the position belongs to
    }

    /** Shared navigation output: flight mode and its altitude setpoint. */
    static final class Navigation {
        static final int CLIMB = 1;
        static final int CRUISE = 2;
        int mode = CLIMB;
        int setpoint = setpointFor(CLIMB);

        static int setpointFor(int mode) {
            return mode == CLIMB ? 120 : 80;
        }
    }

    /** Shared commands: climb rate and elevator servo. */
    static final class Commands {
        int climb;
        int elevator;
    }

    static final class Autopilot {
        final boolean buggy;
        final int ticks;
        final int turnX;
        final Clock clock = new Clock();
        final Position position = new Position();
        final Navigation navigation = new Navigation();
        final Commands commands = new Commands();
        int messages;               // telemetry messages sent (telemetry task only)

        Autopilot(boolean buggy, int ticks, int turn) {
            this.buggy = buggy;
            this.ticks = ticks;
            this.turnX = 10 * turn;
        }

        /** Where the aircraft is at GPS fix k: 10 units per fix, east, then north-east. */
        int[] fix(int k) {
            int x = 10 * k;
            return new int[] {x, x <= turnX ? 0 : 2 * (x - turnX)};
        }

        boolean onRoute(int x, int y) {
            return y == (x <= turnX ? 0 : 2 * (x - turnX));
        }

        /** Runs body for every release of a task with the given period. */
        Thread task(String name, int period, Job body) {
            return new Thread(() -> {
                try {
                    for (int k = 1; k * period <= ticks; k++) {
                        clock.awaitTick(k * period);
                        body.run(k);
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, name);
        }

        void gps(int k) {
            int[] p = fix(k);
            if (!buggy) {
                synchronized (position) {
                    position.x = p[0];
                    position.y = p[1];
                    position.fix = k;
                }
            } else {
                synchronized (position) {
                    position.x = p[0];
                    position.fix = k;
                }
                position.y = p[1];  // BUG: published outside the position's monitor
            }
        }

        void navigate(int k) {
            int x;
            int y;
            synchronized (position) {
                x = position.x;
                y = position.y;
            }
            assert onRoute(x, y) : "navigation: position off the route: (" + x + ", " + y + ")";
            int mode = x < 20 ? Navigation.CLIMB : Navigation.CRUISE;
            synchronized (navigation) {
                navigation.mode = mode;
                navigation.setpoint = Navigation.setpointFor(mode);
            }
        }

        void altitudeControl(int k) {
            int mode;
            int setpoint;
            synchronized (navigation) {
                mode = navigation.mode;
                setpoint = navigation.setpoint;
            }
            assert setpoint == Navigation.setpointFor(mode) : "altitude control: setpoint " + setpoint
                    + " does not belong to mode " + mode;
            int altitude = 100;     // the altimeter reads constant altitude in this model
            synchronized (commands) {
                commands.climb = (setpoint - altitude) / 4;
            }
        }

        void stabilise(int k) {
            synchronized (commands) {
                commands.elevator = -commands.climb * 2;
            }
        }

        void telemetry(int k) {
            int x;
            int y;
            synchronized (position) {
                x = position.x;
                y = position.y;
            }
            assert onRoute(x, y) : "telemetry: position off the route: (" + x + ", " + y + ")";
            messages++;
        }
    }

    interface Job {
        void run(int k);
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int turn = args.length > 2 ? Integer.parseInt(args[2]) : 1;

        Autopilot ap = new Autopilot(buggy, ticks, turn);
        Thread[] tasks = {
            ap.task("gps", 1, ap::gps),
            ap.task("navigation", 1, ap::navigate),
            ap.task("altitude", 1, ap::altitudeControl),
            ap.task("stabilisation", 1, ap::stabilise),
            ap.task("telemetry", 2, ap::telemetry),
        };
        for (Thread t : tasks) t.start();
        for (int t = 1; t <= ticks; t++) ap.clock.advance();
        for (Thread t : tasks) t.join();
        System.out.println("flew " + ticks + " ticks, " + ap.messages + " telemetry messages");
    }
}
