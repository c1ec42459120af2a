// jvmc-check: verdict=violation kind=uncaught-exception
// jvmc-check: stateless
// The worker divides by `divisor`, which the setter thread changes from 0 to 4. If the
// worker runs before the setter, 100 / 0 throws ArithmeticException, uncaught in the
// worker thread: an uncaught-exception violation that occurs only in some interleavings.
public class UncaughtInWorker {
    static volatile int divisor;
    static int result;

    public static void main(String[] args) throws InterruptedException {
        Thread setter = new Thread(() -> divisor = 4);
        Thread worker = new Thread(() -> result = 100 / divisor);
        setter.start();
        worker.start();
        setter.join();
        worker.join();
        System.out.println("result=" + result);
    }
}
