// jvmc-check: verdict=ok
// outcome: done=true
// unpark() before park() leaves a permit: main unparks the (started) worker and only then
// sets `unparked`; the worker waits for that flag and then parks once, without a loop. The
// permit makes that park return immediately, so the worker finishes (not a deadlock).
import java.util.concurrent.locks.LockSupport;

public class ParkPermit {
    static volatile boolean unparked;
    static boolean done;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            while (!unparked) {
                Thread.yield();
            }
            LockSupport.park();
            done = true;
        });
        w.start();
        LockSupport.unpark(w);
        unparked = true;
        w.join();
        System.out.println("done=" + done);
    }
}
