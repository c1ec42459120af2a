// jvmc-check: verdict=ok
// outcome: seen=true a=true b=false sleep=threw after=false
// The worker spins with Thread.yield() until main interrupts it (isInterrupted does not
// clear). Then: interrupted() returns true and clears (a), a second call returns false (b);
// a self-interrupt makes the next sleep throw at once, and the throw clears the flag.
public class InterruptFlag {
    static boolean seen, a, b, after = true;
    static String sleep = "none";

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.yield();
            }
            seen = Thread.currentThread().isInterrupted();
            a = Thread.interrupted();
            b = Thread.interrupted();
            Thread.currentThread().interrupt();
            try {
                Thread.sleep(5);
                sleep = "slept";
            } catch (InterruptedException e) {
                sleep = "threw";
                after = Thread.currentThread().isInterrupted();
            }
        });
        w.start();
        w.interrupt();
        w.join();
        System.out.println("seen=" + seen + " a=" + a + " b=" + b + " sleep=" + sleep + " after=" + after);
    }
}
