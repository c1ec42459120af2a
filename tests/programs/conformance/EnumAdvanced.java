import java.util.*;
import java.util.function.*;

public class EnumAdvanced {
    interface Describable { String describe(); }

    enum Operation implements IntBinaryOperator, Describable {
        PLUS("+") {
            public int applyAsInt(int a, int b) { return a + b; }
        },
        MINUS("-") {
            public int applyAsInt(int a, int b) { return a - b; }
        },
        TIMES("*") {
            public int applyAsInt(int a, int b) { return a * b; }
            @Override public String describe() { return "multiplication!"; }
        },
        DIVIDE("/") {
            public int applyAsInt(int a, int b) { return a / b; }
        };

        private final String symbol;
        Operation(String symbol) { this.symbol = symbol; }
        public String describe() { return "operation " + symbol; }
        String symbol() { return symbol; }
    }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), VENUS(4.869e+24, 6.0518e6), EARTH(5.976e+24, 6.37814e6), MARS(6.421e+23, 3.3972e6);
        static final double G = 6.67300E-11;
        private final double mass, radius;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double surfaceGravity() { return G * mass / (radius * radius); }
        double surfaceWeight(double otherMass) { return otherMass * surfaceGravity(); }
    }

    enum State {
        IDLE, RUNNING, PAUSED, STOPPED;
        private static final Map<State, Set<State>> TRANSITIONS = new EnumMap<>(State.class);
        static {
            System.out.println("State static init");
            TRANSITIONS.put(IDLE, EnumSet.of(RUNNING));
            TRANSITIONS.put(RUNNING, EnumSet.of(PAUSED, STOPPED));
            TRANSITIONS.put(PAUSED, EnumSet.of(RUNNING, STOPPED));
            TRANSITIONS.put(STOPPED, EnumSet.noneOf(State.class));
        }
        boolean canGo(State next) { return TRANSITIONS.get(this).contains(next); }
    }

    enum Singleton {
        INSTANCE;
        private int counter;
        int next() { return ++counter; }
    }

    enum Level {
        LOW(1), MID(5), HIGH(10);
        final int weight;
        static final int TOTAL;
        static {
            int t = 0;
            for (Level l : values()) t += l.weight;
            TOTAL = t;
        }
        Level(int w) {
            weight = w;
            System.out.println("constructing " + name() + " ordinal " + ordinal());
        }
    }

    public static void main(String[] args) {
        for (Operation op : Operation.values()) {
            System.out.println(op + " " + op.symbol() + " " + op.describe() + " 12" + op.symbol() + "4=" + op.applyAsInt(12, 4)
                + " class=" + (op.getClass() == Operation.class) + " declaring=" + op.getDeclaringClass().getSimpleName());
        }
        IntBinaryOperator f = Operation.TIMES;
        System.out.println(f.applyAsInt(6, 7));
        try {
            Operation.DIVIDE.applyAsInt(1, 0);
        } catch (ArithmeticException e) {
            System.out.println("divide: " + e.getMessage());
        }
        double earthWeight = 175;
        double mass = earthWeight / Planet.EARTH.surfaceGravity();
        for (Planet p : Planet.values()) System.out.printf("Weight on %s is %.2f (g=%.4f)%n", p, p.surfaceWeight(mass), p.surfaceGravity());
        System.out.println("before State use");
        State s = State.IDLE;
        System.out.println("after State reference");
        State[] path = {State.RUNNING, State.PAUSED, State.PAUSED, State.RUNNING, State.STOPPED, State.IDLE};
        for (State n : path) {
            System.out.println(s + " -> " + n + ": " + (s.canGo(n) ? "ok" : "rejected"));
            if (s.canGo(n)) s = n;
        }
        System.out.println(Singleton.INSTANCE.next() + " " + Singleton.INSTANCE.next() + " " + Singleton.valueOf("INSTANCE").next());
        System.out.println("before Level");
        System.out.println("Level total " + Level.TOTAL + " " + Level.HIGH.weight);
        Map<Operation, Integer> results = new EnumMap<>(Operation.class);
        for (Operation op : Operation.values()) results.put(op, op.applyAsInt(100, 7));
        System.out.println(results);
        List<Describable> ds = new ArrayList<>(Arrays.asList(Operation.values()));
        ds.add(() -> "lambda describable");
        for (Describable d : ds) System.out.println(d.describe());
        String expr = "3 + 4 * 2 - 1";
        String[] tok = expr.split(" ");
        int acc = Integer.parseInt(tok[0]);
        for (int i = 1; i < tok.length; i += 2) {
            Operation op = null;
            for (Operation o : Operation.values()) if (o.symbol().equals(tok[i])) op = o;
            acc = op.applyAsInt(acc, Integer.parseInt(tok[i + 1]));
        }
        System.out.println(expr + " (left-to-right) = " + acc);
        System.out.println(Operation.PLUS.compareTo(Operation.DIVIDE) + " " + Operation.valueOf("MINUS").ordinal() + " " + Operation.TIMES.name());
    }
}
