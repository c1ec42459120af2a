// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: options=--timeouts never
// Issue 9, defect 4: with --timeouts never a timed wait nobody ends is a deadlock (it
// would otherwise return after 50 ms).
public class TimeoutsNeverMakesAWaitADeadlock {
    static final Object lock = new Object();

    public static void main(String[] args) throws InterruptedException {
        synchronized (lock) {
            lock.wait(50);
        }
        System.out.println("woke");
    }
}
