public class AssertFails {
    static int sideEffects = 0;
    static boolean touch() { sideEffects++; return true; }

    static int checkedSqrt(int x) {
        assert x >= 0 : "negative input " + x;
        int r = (int) Math.sqrt(x);
        assert r * r <= x && (r + 1) * (r + 1) > x;
        return r;
    }

    public static void main(String[] args) {
        assert touch();
        assert touch() : "never";
        System.out.println("assertions enabled, side effects = " + sideEffects);
        boolean enabled = false;
        assert enabled = true;
        System.out.println("enabled detected: " + enabled);
        for (int x : new int[]{0, 1, 15, 16, 17, 1000000}) System.out.println("sqrt(" + x + ") = " + checkedSqrt(x));
        try {
            checkedSqrt(-4);
        } catch (AssertionError e) {
            System.out.println("caught AssertionError: " + e.getMessage());
        }
        try {
            assert false;
        } catch (AssertionError e) {
            System.out.println("plain assert message: " + e.getMessage());
        }
        try {
            assert 1 > 2 : 42;
        } catch (AssertionError e) {
            System.out.println("int detail message: " + e.getMessage());
        }
        try {
            Object detail = new IllegalStateException("as cause");
            assert false : detail;
        } catch (AssertionError e) {
            System.out.println("throwable detail: " + e.getMessage() + " cause=" + e.getCause());
        }
        System.out.println("now failing for real");
        int balance = 10;
        balance -= 25;
        assert balance >= 0 : "balance went negative: " + balance;
        System.out.println("not reached");
    }
}
