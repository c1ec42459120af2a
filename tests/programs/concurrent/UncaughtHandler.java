// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: handled=Thread-0:boom alive=false
// The worker's exception is given to its own UncaughtExceptionHandler, which runs in the
// dying worker before it terminates (so main's join sees its write). A handled exception is
// not an uncaught-exception violation.
public class UncaughtHandler {
    static String handled = "none";

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            throw new IllegalStateException("boom");
        });
        w.setUncaughtExceptionHandler((t, e) -> handled = t.getName() + ":" + e.getMessage());
        w.start();
        w.join();
        System.out.println("handled=" + handled + " alive=" + w.isAlive());
    }
}
