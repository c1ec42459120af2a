// jvmc-check: verdict=ok
// outcome: flag=true
// The worker parks in a loop until `flag` is set; main sets the flag and unparks it (after
// start). unpark either wakes a parked worker or leaves a permit that makes its next park
// return at once, so the worker always leaves the loop and nobody blocks forever.
import java.util.concurrent.locks.LockSupport;

public class ParkUnpark {
    static volatile boolean flag;
    static boolean seen;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            while (!flag) {
                LockSupport.park();
            }
            seen = flag;
        });
        w.start();
        flag = true;
        LockSupport.unpark(w);
        w.join();
        System.out.println("flag=" + seen);
    }
}
