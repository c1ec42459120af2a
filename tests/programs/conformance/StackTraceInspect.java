public class StackTraceInspect {
    static void level3() {
        throw new IllegalStateException("deep");
    }
    static void level2() { level3(); }
    static void level1() { level2(); }

    static class Thrower {
        Thrower() {
            throw new RuntimeException("ctor");
        }
    }

    static int divide(int a, int b) {
        return a / b;
    }

    static Throwable capture() {
        return new Throwable("captured");
    }

    interface Op { void run(); }

    public static void main(String[] args) {
        try {
            level1();
        } catch (IllegalStateException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("top method " + st[0].getMethodName() + " line " + st[0].getLineNumber() + " class " + st[0].getClassName() + " file " + st[0].getFileName());
            for (int i = 0; i < 4; i++) System.out.println("  frame " + i + ": " + st[i].getMethodName() + ":" + st[i].getLineNumber());
            System.out.println("  native? " + st[0].isNativeMethod());
        }
        try {
            new Thrower();
        } catch (RuntimeException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("ctor frame " + top.getMethodName() + " line " + top.getLineNumber());
        }
        try {
            divide(1, 0);
        } catch (ArithmeticException e) {
            System.out.println("divide frame " + e.getStackTrace()[0].getMethodName() + " line " + e.getStackTrace()[0].getLineNumber()
                + " caller " + e.getStackTrace()[1].getMethodName() + " line " + e.getStackTrace()[1].getLineNumber());
        }
        Throwable t = capture();
        System.out.println("capture frame " + t.getStackTrace()[0].getMethodName() + " line " + t.getStackTrace()[0].getLineNumber()
            + " then " + t.getStackTrace()[1].getMethodName() + " line " + t.getStackTrace()[1].getLineNumber());
        try {
            int[] a = new int[2];
            a[3] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("aioobe frame " + e.getStackTrace()[0].getMethodName() + " line " + e.getStackTrace()[0].getLineNumber());
        }
        try {
            Integer.parseInt("xyz");
        } catch (NumberFormatException e) {
            StackTraceElement[] st = e.getStackTrace();
            int userFrame = -1;
            for (int i = 0; i < st.length; i++) if (st[i].getClassName().equals("StackTraceInspect")) { userFrame = i; break; }
            System.out.println("nfe thrown in " + st[0].getClassName() + "." + st[0].getMethodName() + ", user frame " + st[userFrame].getMethodName() + ":" + st[userFrame].getLineNumber());
        }
        Op op = () -> { throw new UnsupportedOperationException("in lambda"); };
        try {
            op.run();
        } catch (UnsupportedOperationException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("lambda frame starts with lambda$: " + top.getMethodName().startsWith("lambda$main$") + " line " + top.getLineNumber());
        }
        StackTraceElement[] here = new Throwable().getStackTrace();
        System.out.println("main depth " + here.length + " method " + here[0].getMethodName() + " line " + here[0].getLineNumber());
        int depth = recurse(5);
        System.out.println("recurse depth " + depth);
        Exception custom = new Exception("custom trace");
        custom.setStackTrace(new StackTraceElement[]{new StackTraceElement("Fake", "method", "Fake.java", 42)});
        System.out.println(custom.getStackTrace()[0] + " | " + custom.getStackTrace().length);
        StackTraceElement ste = new StackTraceElement("a.b.C", "m", null, -2);
        System.out.println(ste + " | " + new StackTraceElement("a.b.C", "m", "C.java", -1) + " | " + ste.isNativeMethod());
        Exception filled = new Exception("refill");
        int before = filled.getStackTrace().length;
        filled = refill(filled);
        System.out.println("refill changed depth: " + (filled.getStackTrace().length - before) + " top " + filled.getStackTrace()[0].getMethodName());
    }

    static int recurse(int n) {
        if (n == 0) {
            StackTraceElement[] st = new Throwable().getStackTrace();
            int count = 0;
            for (StackTraceElement e : st) if (e.getMethodName().equals("recurse")) count++;
            return count;
        }
        return recurse(n - 1);
    }

    static Exception refill(Exception e) {
        e.fillInStackTrace();
        return e;
    }
}
