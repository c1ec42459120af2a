import java.util.*;

public class TryWithResources {
    static List<String> events = new ArrayList<>();

    static class Res implements AutoCloseable {
        final String name;
        final boolean failOnClose;
        Res(String name, boolean failOnClose) {
            this.name = name;
            this.failOnClose = failOnClose;
            System.out.println("open " + name);
        }
        Res(String name) { this(name, false); }
        void use(boolean fail) {
            System.out.println("use " + name);
            if (fail) throw new IllegalStateException("use failed: " + name);
        }
        @Override public void close() {
            System.out.println("close " + name);
            if (failOnClose) throw new UnsupportedOperationException("close failed: " + name);
        }
    }

    static class Failing implements AutoCloseable {
        Failing() throws Exception { throw new Exception("constructor failed"); }
        public void close() { System.out.println("never closed"); }
    }

    static void printThrowable(String label, Throwable t) {
        System.out.println(label + ": " + t);
        for (Throwable s : t.getSuppressed()) System.out.println("  suppressed: " + s);
        if (t.getCause() != null) System.out.println("  cause: " + t.getCause());
    }

    public static void main(String[] args) throws Exception {
        System.out.println("== normal");
        try (Res a = new Res("A"); Res b = new Res("B")) {
            a.use(false);
            b.use(false);
        }
        System.out.println("== body throws");
        try (Res a = new Res("A"); Res b = new Res("B")) {
            b.use(true);
        } catch (IllegalStateException e) {
            printThrowable("caught", e);
        } finally {
            System.out.println("finally");
        }
        System.out.println("== body throws, both closes throw");
        try (Res a = new Res("A", true); Res b = new Res("B", true)) {
            a.use(true);
        } catch (Exception e) {
            printThrowable("caught", e);
        }
        System.out.println("== only close throws");
        try (Res a = new Res("A", true); Res b = new Res("B")) {
            a.use(false);
        } catch (Exception e) {
            printThrowable("caught", e);
        }
        System.out.println("== two closes throw, no body exception");
        try (Res a = new Res("A", true); Res b = new Res("B", true)) {
            System.out.println("body ok");
        } catch (Exception e) {
            printThrowable("caught", e);
        }
        System.out.println("== null resource");
        try (Res a = null; Res b = new Res("B")) {
            System.out.println("a is null: " + (a == null));
        }
        System.out.println("== resource init fails");
        try (Res a = new Res("A"); Failing f = new Failing(); Res c = new Res("C")) {
            System.out.println("unreachable");
        } catch (Exception e) {
            printThrowable("caught", e);
        }
        System.out.println("== effectively final resource");
        Res outer = new Res("OUTER");
        try (outer) {
            outer.use(false);
        }
        System.out.println("== lambda resource");
        try (AutoCloseable ac = () -> System.out.println("lambda close")) {
            System.out.println("in lambda body");
        }
        System.out.println("== manual addSuppressed");
        Exception main = new Exception("main");
        main.addSuppressed(new RuntimeException("s1"));
        main.addSuppressed(new Error("s2"));
        printThrowable("manual", main);
        try {
            main.addSuppressed(main);
        } catch (IllegalArgumentException e) {
            System.out.println("self-suppression: " + e.getMessage());
        }
        try {
            main.addSuppressed(null);
        } catch (NullPointerException e) {
            System.out.println("null suppression: " + e.getMessage());
        }
        Exception noSupp = new Exception("nosupp", null, false, true) {};
        noSupp.addSuppressed(new RuntimeException("ignored"));
        System.out.println("suppression disabled count " + noSupp.getSuppressed().length);
        System.out.println("== return from try-with-resources");
        System.out.println("returned " + returnFromTwr());
    }

    static String returnFromTwr() {
        try (Res r = new Res("RET")) {
            return "value-from-" + r.name;
        } finally {
            System.out.println("outer finally");
        }
    }
}
