public class InitOrder {
    static StringBuilder log = new StringBuilder();
    static void log(String s) { System.out.println(s); }

    static int trace(String s, int v) { log(s); return v; }

    static class Base {
        static int sb1 = trace("Base static field sb1", 1);
        static { log("Base static block"); }
        static int sb2 = trace("Base static field sb2", 2);
        int ib1 = trace("Base instance field ib1", 10);
        { log("Base instance block (ib1=" + ib1 + ")"); }
        int ib2;
        Base() {
            this(trace("Base() delegating arg", 0));
            log("Base() body");
        }
        Base(int x) {
            log("Base(int) body x=" + x);
            ib2 = 20;
            hook();
        }
        void hook() { log("Base.hook"); }
    }

    static class Derived extends Base {
        static int sd1 = trace("Derived static field sd1", 3);
        static { log("Derived static block"); }
        int id1 = trace("Derived instance field id1", 30);
        String s = "initialized";
        final String constant = "compile-time";
        { log("Derived instance block (id1=" + id1 + ")"); }
        Derived() {
            super();
            log("Derived() body id1=" + id1);
        }
        Derived(String arg) {
            log("Derived(String) body arg=" + arg);
        }
        @Override void hook() { log("Derived.hook sees id1=" + id1 + " s=" + s + " constant=" + constant); }
    }

    static class Lazy {
        static { log("Lazy static init"); }
        static final int CONST = 42;
        static final Integer BOXED = trace("Lazy BOXED", 43);
        static int plain = 44;
        static void touch() { log("Lazy.touch"); }
    }

    static class SelfRef {
        static final SelfRef INSTANCE = new SelfRef();
        static int counter = 5;
        static final int FIXED = 7;
        final int seen;
        final int seenFixed;
        SelfRef() {
            seen = counter;
            seenFixed = FIXED;
            counter++;
        }
    }

    static class Cyclic1 {
        static int v = trace("Cyclic1.v (reads Cyclic2.v=" + Cyclic2.v + ")", Cyclic2.v + 1);
    }
    static class Cyclic2 {
        static int v = trace("Cyclic2.v (reads Cyclic1.v=" + Cyclic1.v + ")", Cyclic1.v + 100);
    }

    public static void main(String[] args) {
        log("main start");
        log("--- new Derived()");
        new Derived();
        log("--- new Derived(\"x\")");
        new Derived("x");
        log("--- Lazy.CONST = " + Lazy.CONST);
        log("--- Lazy class literal " + Lazy.class.getSimpleName());
        Lazy[] arr = new Lazy[3];
        log("--- array created, length " + arr.length);
        log("--- Lazy.plain = " + Lazy.plain);
        log("--- Lazy.BOXED = " + Lazy.BOXED);
        Lazy.touch();
        log("--- SelfRef");
        log("INSTANCE.seen=" + SelfRef.INSTANCE.seen + " seenFixed=" + SelfRef.INSTANCE.seenFixed + " counter=" + SelfRef.counter);
        log("--- Cyclic");
        log("Cyclic1.v=" + Cyclic1.v + " Cyclic2.v=" + Cyclic2.v);
        log("main end");
    }
}
