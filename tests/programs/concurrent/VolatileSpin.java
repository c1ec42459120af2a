// jvmc-check: verdict=ok
// outcome: r=42
// Publication through a volatile flag: the writer stores data then sets ready; the reader
// spins (Thread.onSpinWait) until ready and then reads data. Under SC (and the JMM, since
// ready is volatile) the reader always sees 42; the spin loop is a cycle, not a deadlock.
public class VolatileSpin {
    static int data;
    static volatile boolean ready;
    static int r;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            data = 42;
            ready = true;
        });
        Thread reader = new Thread(() -> {
            while (!ready) {
                Thread.onSpinWait();
            }
            r = data;
        });
        reader.start();
        writer.start();
        reader.join();
        writer.join();
        System.out.println("r=" + r);
    }
}
