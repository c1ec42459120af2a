public class ExceptionsFinally {
    static StringBuilder log = new StringBuilder();

    @SuppressWarnings("finally")
    static int finallyOverridesReturn() {
        try {
            return 1;
        } finally {
            return 2;
        }
    }

    @SuppressWarnings("finally")
    static int finallySwallowsException() {
        try {
            throw new RuntimeException("lost");
        } finally {
            return 3;
        }
    }

    static int returnValueFixedBeforeFinally() {
        int x = 10;
        try {
            return x;
        } finally {
            x = 20;
            log.append("finally set x=").append(x).append(';');
        }
    }

    static int[] arrayMutatedInFinally() {
        int[] a = {1};
        try {
            return a;
        } finally {
            a[0] = 99;
        }
    }

    static String order(boolean throwIt) {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append("try;");
            if (throwIt) throw new IllegalStateException("boom");
            sb.append("try-end;");
        } catch (IllegalStateException e) {
            sb.append("catch(").append(e.getMessage()).append(");");
        } finally {
            sb.append("finally;");
        }
        sb.append("after;");
        return sb.toString();
    }

    static String nested(int mode) {
        StringBuilder sb = new StringBuilder();
        try {
            try {
                sb.append("inner-try;");
                if (mode == 1) throw new IllegalArgumentException("iae");
                if (mode == 2) throw new UnsupportedOperationException("uoe");
                if (mode == 3) throw new Error("err");
            } catch (IllegalArgumentException e) {
                sb.append("inner-catch;");
                if (mode == 1) throw new RuntimeException("rethrown", e);
            } finally {
                sb.append("inner-finally;");
            }
            sb.append("between;");
        } catch (RuntimeException e) {
            sb.append("outer-catch(").append(e.getMessage()).append(e.getCause() != null ? " cause=" + e.getCause().getMessage() : "").append(");");
        } catch (Error e) {
            sb.append("outer-error(").append(e.getMessage()).append(");");
        } finally {
            sb.append("outer-finally;");
        }
        return sb.toString();
    }

    static String multiCatch(int k) {
        try {
            switch (k) {
                case 0: throw new ArithmeticException("arith");
                case 1: throw new ArrayIndexOutOfBoundsException("aioobe");
                case 2: throw new NumberFormatException("nfe");
                case 3: Object o = "s"; Integer i = (Integer) o; return "no";
                default: return "none";
            }
        } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
            return "multi1 " + e.getClass().getSimpleName() + " " + e.getMessage();
        } catch (IllegalArgumentException | ClassCastException e) {
            return "multi2 " + e.getClass().getSimpleName();
        }
    }

    static int loopWithFinally() {
        int count = 0;
        for (int i = 0; i < 5; i++) {
            try {
                if (i == 1) continue;
                if (i == 3) break;
                count += 10;
            } finally {
                count++;
            }
        }
        return count;
    }

    static String finallyThrows() {
        try {
            try {
                throw new RuntimeException("original");
            } finally {
                throw new IllegalStateException("from finally");
            }
        } catch (RuntimeException e) {
            return e.getMessage() + " suppressed=" + e.getSuppressed().length;
        }
    }

    static int depth = 0;
    static int recurseWithFinally(int n) {
        try {
            if (n == 0) throw new RuntimeException("bottom");
            return recurseWithFinally(n - 1);
        } finally {
            depth++;
        }
    }

    public static void main(String[] args) {
        System.out.println(finallyOverridesReturn());
        System.out.println(finallySwallowsException());
        System.out.println(returnValueFixedBeforeFinally() + " " + log);
        System.out.println(arrayMutatedInFinally()[0]);
        System.out.println(order(false));
        System.out.println(order(true));
        for (int m = 0; m <= 3; m++) System.out.println("nested(" + m + ") " + nested(m));
        for (int k = 0; k <= 4; k++) System.out.println(multiCatch(k));
        System.out.println("loopWithFinally " + loopWithFinally());
        System.out.println(finallyThrows());
        try {
            recurseWithFinally(10);
        } catch (RuntimeException e) {
            System.out.println("recursion " + e.getMessage() + " finally count " + depth);
        }
        try {
            throw new Exception("checked");
        } catch (Exception e) {
            System.out.println("caught checked " + e.getMessage());
        }
        Throwable t = new Throwable("plain throwable");
        try {
            throw t;
        } catch (Throwable caught) {
            System.out.println("caught " + caught + " same=" + (caught == t));
        }
        String s = null;
        int result;
        try {
            result = s.length();
        } catch (NullPointerException e) {
            result = -1;
        } finally {
            System.out.println("finally after NPE");
        }
        System.out.println("result " + result);
        int x = 0;
        while (true) {
            try {
                x++;
                if (x < 3) continue;
                break;
            } finally {
                System.out.print("f" + x + " ");
            }
        }
        System.out.println();
    }
}
