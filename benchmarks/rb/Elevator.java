import java.util.ArrayList;
import java.util.List;

/**
 * An elevator, after the "Elevator" program of the PJBench suite (used in the
 * DFS-RB paper, where it was one of the two programs with the rarest error paths):
 * a simulation of an elevator car driven by a controller thread and of people who
 * call the car to their floor, get in and ride to their destination. Requests and
 * the car's state live in shared objects guarded by monitors; the controller
 * repeatedly picks the next floor to go to, moves one floor at a time and stops
 * where somebody waits or wants to get out.
 *
 * <p>Our version: a building with {@code floors} floors and one car (starting at
 * the ground floor), a controller thread and {@code riders} rider threads, each
 * making one trip. A rider registers its call in the waiting list of its floor and
 * waits until it has boarded and then until it has arrived, and asserts it got out
 * at its destination. The controller waits for requests, heads for the destination
 * of its first passenger (or, with the car empty, for the nearest floor where
 * somebody waits), moves one floor per step and stops at a floor where passengers
 * want out or callers wait: it lets them out, lets the waiting callers in and
 * removes the served calls from the floor's list; after every stop it checks that
 * every pending call is still registered. It ends when every rider has arrived.
 * All shared state is guarded by the building's monitor. Trips ({@link #trip}):
 * rider 0 rides up from floor 1 to the top floor, rider 1 down from the top floor
 * to the ground floor, every further rider down from a floor in between.
 *
 * <p>Injected bug ({@code bug}): the critical section of the controller's stop is
 * narrowed — the served calls are removed from the floor's waiting list in a
 * critical section of its own, after the one that let the callers in. A rider that
 * calls the car at that floor in between is removed without having boarded, and
 * nobody will ever come for it: the controller's check fails with "call of rider 1
 * at floor F was lost" (without assertions the program would deadlock). With the
 * trips above the only stop another rider's call can meet is rider 0 getting out
 * at the top floor, so rider 1 must not call until the car has picked up rider 0
 * and carried it all the way up, and must then call exactly between the two
 * critical sections. {@code fixed} lets callers in and clears the list in one
 * critical section.
 *
 * <p>Threads: main, the controller and {@code riders} riders (default 3: 5 threads;
 * the paper's version has 4). Usage: {@code Elevator [bug|fixed] [riders] [floors]}
 * (defaults {@code bug 3} with {@code floors = riders + 1}; more floors make the
 * trip to the top, and the window, longer). Recommended: {@code bug 4} (DFS needs
 * about 200,000 states, DFS-RB from about 1,500 to 40,000) and {@code fixed 3}
 * (about 51,000 states, exhaustive in about a second).
 */
// jvmc-rb: args=bug 3
// jvmc-rb: args=bug 4
// jvmc-rb: fixed=fixed 3
public class Elevator {

    static final class Rider extends Thread {
        final int id;
        final int from;
        final int to;
        final Building building;
        // guarded by the building's monitor
        boolean called;
        boolean boarded;
        boolean arrived;
        int exitFloor = -1;

        Rider(Building building, int id, int from, int to) {
            super("rider-" + id);
            this.building = building;
            this.id = id;
            this.from = from;
            this.to = to;
        }

        @Override
        public void run() {
            int exit;
            try {
                exit = building.ride(this);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            assert exit == to : "rider " + id + " got out at floor " + exit + ", not " + to;
        }
    }

    static final class Building {
        final boolean buggy;
        final List<List<Rider>> waiting = new ArrayList<>();
        final List<Rider> inside = new ArrayList<>();
        final List<Rider> all = new ArrayList<>();
        int carFloor;
        int delivered;

        Building(boolean buggy, int floors) {
            this.buggy = buggy;
            for (int f = 0; f < floors; f++) waiting.add(new ArrayList<>());
        }

        /** A rider's whole trip: call the car, wait to board, wait to arrive. */
        synchronized int ride(Rider r) throws InterruptedException {
            r.called = true;
            waiting.get(r.from).add(r);
            notifyAll();
            while (!r.boarded) wait();
            while (!r.arrived) wait();
            return r.exitFloor;
        }

        /** The floor the car heads for, or -1 if nobody needs it. */
        int target() {
            if (!inside.isEmpty()) return inside.get(0).to;
            int best = -1;
            for (int f = 0; f < waiting.size(); f++) {
                if (!waiting.get(f).isEmpty()
                        && (best < 0 || Math.abs(f - carFloor) < Math.abs(best - carFloor))) best = f;
            }
            return best;
        }

        boolean stopHere() {
            if (!waiting.get(carFloor).isEmpty()) return true;
            for (Rider r : inside) if (r.to == carFloor) return true;
            return false;
        }

        /**
         * One step of the controller: waits for a request, moves the car one floor
         * toward its target and returns whether it stops there; -1 when all riders
         * have arrived.
         */
        synchronized int step() throws InterruptedException {
            int t;
            while ((t = target()) < 0) {
                if (delivered == all.size()) return -1;
                wait();
            }
            if (t != carFloor) carFloor += t > carFloor ? 1 : -1;
            return stopHere() ? 1 : 0;
        }

        /** Passengers for this floor get out, waiting callers get in. */
        synchronized void unloadAndBoard() {
            for (int i = inside.size() - 1; i >= 0; i--) {
                Rider r = inside.get(i);
                if (r.to == carFloor) {
                    inside.remove(i);
                    r.arrived = true;
                    r.exitFloor = carFloor;
                    delivered++;
                }
            }
            for (Rider r : waiting.get(carFloor)) {
                r.boarded = true;
                inside.add(r);
            }
            if (!buggy) {
                waiting.get(carFloor).clear();   // the served calls leave in the same critical section
                checkCalls();
            }
            notifyAll();
        }

        /** The buggy variant's removal of the served calls, moved out of unloadAndBoard. */
        synchronized void clearServedCalls() {
            waiting.get(carFloor).clear();
            checkCalls();
        }

        /** Every rider that called and has not boarded is still registered at its floor. */
        void checkCalls() {
            for (Rider r : all) {
                assert !r.called || r.boarded || waiting.get(r.from).contains(r)
                        : "call of rider " + r.id + " at floor " + r.from + " was lost";
            }
        }
    }

    /**
     * Rider i's trip {from, to}: rider 0 rides up from floor 1 to the top floor, rider 1
     * rides down from the top floor to the ground floor, every other rider i from floor
     * i (floors below the top taken in turn) down to the ground floor. With at least
     * riders + 1 floors only rider 1's call can meet a stop made for somebody else
     * (rider 0 getting out at the top).
     */
    static int[] trip(int i, int floors) {
        int top = floors - 1;
        if (i == 0) return new int[] {1, top};
        if (i == 1) return new int[] {top, 0};
        return new int[] {1 + (i - 1) % (top - 1), 0};
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int riders = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int floors = args.length > 2 ? Integer.parseInt(args[2]) : riders + 1;
        if (riders < 1 || floors < 3) throw new IllegalArgumentException("need a rider and 3 floors");

        Building b = new Building(buggy, floors);
        Rider[] rs = new Rider[riders];
        synchronized (b) {
            for (int i = 0; i < riders; i++) {
                int[] trip = trip(i, floors);
                rs[i] = new Rider(b, i, trip[0], trip[1]);
                b.all.add(rs[i]);
            }
        }
        Thread controller = new Thread(() -> {
            try {
                int stop;
                while ((stop = b.step()) >= 0) {
                    if (stop == 1) {
                        b.unloadAndBoard();
                        if (b.buggy) b.clearServedCalls();
                    }
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "controller");
        controller.start();
        for (Rider r : rs) r.start();
        controller.join();
        for (Rider r : rs) r.join();
        int delivered;
        synchronized (b) {
            delivered = b.delivered;
        }
        assert delivered == riders : "delivered " + delivered + " of " + riders;
        System.out.println("delivered " + delivered);
    }
}
