// jvmc-check: verdict=violation kind=livelock
// Issue 9, defect 0: two threads each take one lock and try the other, backing off and
// yielding when it is taken. They can succeed, but they can also keep backing off in
// lock step forever, both running: a livelock under every fair scheduler.
import java.util.concurrent.locks.ReentrantLock;

public class LivelockTryLockRetry {
    static final ReentrantLock left = new ReentrantLock();
    static final ReentrantLock right = new ReentrantLock();

    static void both(ReentrantLock first, ReentrantLock second) {
        while (true) {
            first.lock();
            try {
                if (second.tryLock()) {
                    second.unlock();
                    return;
                }
            } finally {
                first.unlock();
            }
            Thread.yield();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> both(left, right));
        Thread b = new Thread(() -> both(right, left));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
