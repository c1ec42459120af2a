// jvmc-check: verdict=ok
// outcome: alive=false state=NEW
// outcome: alive=false state=RUNNABLE
// outcome: alive=false state=TERMINATED
// outcome: alive=true state=RUNNABLE
// outcome: alive=true state=TERMINATED
// Starting a thread writes what isAlive() and getState() of another thread read. (The
// vm left those writes out of the start's label, so the stateless DPOR searches took
// the reads to be independent of the start and never ran them before it: they missed
// "alive=false state=NEW" and "alive=false state=RUNNABLE".)
public class StartAlive {
    static Thread t;

    public static void main(String[] args) throws InterruptedException {
        t = new Thread(() -> {});
        Thread u = new Thread(() -> System.out.println("alive=" + t.isAlive() + " state=" + t.getState()));
        u.start();
        t.start();
        u.join();
        t.join();
    }
}
