public class ExceptionInInit {
    static class Broken {
        static int value = compute();
        static int compute() {
            System.out.println("Broken.compute running");
            throw new IllegalStateException("static init failed");
        }
        static void hello() { System.out.println("hello from Broken"); }
    }

    static class BrokenByArith {
        static final int X;
        static {
            int zero = 0;
            X = 10 / zero;
        }
    }

    static class BrokenByError {
        static {
            if (true) throw new Error("custom error in clinit");
        }
    }

    static class Fine {
        static int v = 5;
        static { System.out.println("Fine initialized"); }
    }

    static class DependsOnBroken {
        static int v = Broken.value + 1;
    }

    public static void main(String[] args) {
        try {
            System.out.println(Broken.value);
        } catch (ExceptionInInitializerError e) {
            System.out.println("first: " + e.getClass().getName() + " message=" + e.getMessage());
            System.out.println("  cause: " + e.getCause());
            System.out.println("  getException same as cause: " + (e.getException() == e.getCause()));
        }
        try {
            Broken.hello();
        } catch (NoClassDefFoundError e) {
            System.out.println("second: " + e.getClass().getName() + " message=" + e.getMessage());
            System.out.println("  has cause: " + (e.getCause() != null));
            if (e.getCause() != null) System.out.println("  cause class: " + e.getCause().getClass().getName());
        }
        try {
            new Broken();
        } catch (NoClassDefFoundError e) {
            System.out.println("third: " + e.getMessage());
        }
        try {
            System.out.println(DependsOnBroken.v);
        } catch (ExceptionInInitializerError e) {
            System.out.println("dependent EIIE cause: " + e.getCause().getClass().getName() + " " + e.getCause().getMessage());
        } catch (NoClassDefFoundError e) {
            System.out.println("dependent NCDFE: " + e.getMessage());
        }
        try {
            System.out.println(BrokenByArith.X);
        } catch (ExceptionInInitializerError e) {
            System.out.println("arith: cause " + e.getCause());
        }
        try {
            System.out.println(BrokenByError.class.getName());
            Class.forName("ExceptionInInit$BrokenByError");
        } catch (Error e) {
            System.out.println("error in clinit is not wrapped: " + e.getClass().getName() + " " + e.getMessage());
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE");
        }
        try {
            Class.forName("ExceptionInInit$BrokenByError");
        } catch (Throwable e) {
            System.out.println("forName again: " + e.getClass().getName() + " " + e.getMessage());
        }
        System.out.println("Fine.v = " + Fine.v);
        try {
            Class.forName("does.not.Exist");
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE: " + e.getMessage());
        }
    }
}
