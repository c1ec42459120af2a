public class InitLaziness {
    static void log(String s) { System.out.println(s); }
    static int trace(String s, int v) { log(s); return v; }

    interface Iface {
        int CONST = 5;
        int COMPUTED = trace("Iface.COMPUTED initialized", 6);
        default void dm() { log("Iface.dm"); }
        static void sm() { log("Iface.sm"); }
    }
    interface PlainIface {
        int X = trace("PlainIface.X initialized", 1);
        void m();
    }
    static class Impl implements Iface, PlainIface {
        static { log("Impl static init"); }
        public void m() { log("Impl.m"); }
    }

    static class Super {
        static int superField = trace("Super.superField initialized", 10);
        static { log("Super static block"); }
        static void superStatic() { log("Super.superStatic"); }
    }
    static class Sub extends Super {
        static { log("Sub static block"); }
        static int subField = trace("Sub.subField initialized", 20);
    }

    static class ConstHolder {
        static { log("ConstHolder init"); }
        static final String S = "constant string";
        static final long L = 1L << 40;
        static final String NOT_CONST = String.valueOf("not constant");
        static final Object OBJ = null;
    }

    static class ForName {
        static { log("ForName static init"); }
    }
    static class ForNameNoInit {
        static { log("ForNameNoInit static init"); }
    }

    static class Nested {
        static { log("Nested outer init"); }
        static class Inner {
            static { log("Nested.Inner init"); }
            static int v = 3;
        }
    }

    enum E {
        A, B;
        static { log("E static init"); }
    }

    static class Holder {
        static { log("Holder init (singleton holder idiom)"); }
        static final Holder INSTANCE = new Holder();
        Holder() { log("Holder constructed"); }
    }
    static Holder getHolder() { return Holder.INSTANCE; }

    public static void main(String[] args) throws Exception {
        log("start");
        log("Iface.CONST = " + Iface.CONST);
        log("new Impl():");
        Impl impl = new Impl();
        impl.m();
        log("calling default method:");
        impl.dm();
        log("Iface.COMPUTED = " + Iface.COMPUTED);
        log("Iface.sm():");
        Iface.sm();
        log("PlainIface.X = " + PlainIface.X);
        log("Sub.superField via subclass:");
        log("value " + Sub.superField);
        log("Sub.superStatic via subclass:");
        Sub.superStatic();
        log("Sub.subField:");
        log("value " + Sub.subField);
        log("ConstHolder.S = " + ConstHolder.S + " L = " + ConstHolder.L);
        log("ConstHolder.OBJ = " + ConstHolder.OBJ);
        log("ConstHolder.NOT_CONST = " + ConstHolder.NOT_CONST);
        log("Class.forName(init=false):");
        Class<?> c = Class.forName("InitLaziness$ForNameNoInit", false, InitLaziness.class.getClassLoader());
        log("got " + c.getName());
        log("Class.forName(default):");
        Class.forName("InitLaziness$ForName");
        log("Nested.Inner.v:");
        log("value " + Nested.Inner.v);
        log("E.values().length:");
        log("value " + E.values().length);
        log("getHolder twice:");
        getHolder();
        getHolder();
        log("ForNameNoInit instantiate:");
        c.getDeclaredConstructor().newInstance();
        log("end");
    }
}
