// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: result=caught
// outcome: result=slept
// Main interrupts a worker that sleeps once. If the interrupt comes before or during the
// sleep, sleep throws InterruptedException (an interrupt before the worker even runs sets
// the flag, and sleep throws at once); if the sleep has already finished, nothing is thrown.
public class InterruptSleep {
    static String result = "none";

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            try {
                Thread.sleep(10_000);
                result = "slept";
            } catch (InterruptedException e) {
                result = "caught";
            }
        });
        w.start();
        w.interrupt();
        w.join();
        System.out.println("result=" + result);
    }
}
