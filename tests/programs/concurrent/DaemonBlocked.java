// jvmc-check: verdict=ok
// outcome: main done
// Two daemon threads never finish: one waits forever on a monitor, one spins with yield().
// The JVM exits once the last non-daemon thread (main) ends, whatever the daemons are
// doing, so this is not a deadlock and the only output is main's line.
public class DaemonBlocked {
    static final Object lock = new Object();

    public static void main(String[] args) {
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    while (true) lock.wait();
                } catch (InterruptedException e) {
                }
            }
        });
        Thread spinner = new Thread(() -> {
            while (true) Thread.yield();
        });
        waiter.setDaemon(true);
        spinner.setDaemon(true);
        waiter.start();
        spinner.start();
        System.out.println("main done");
    }
}
