// jvmc-check: verdict=ok
// outcome: count=2 permits=1 max=1
// A Semaphore(1) used as a mutex: two threads acquire, increment (tracking how many are
// inside), release. Only one permit exists, so at most one thread is inside (max=1), no
// increment is lost, and the permit is returned at the end.
import java.util.concurrent.Semaphore;

public class SemaphoreMutex {
    static final Semaphore sem = new Semaphore(1);
    static int count, inside, max;

    static void work() {
        try {
            sem.acquire();
        } catch (InterruptedException e) {
            return;
        }
        try {
            inside++;
            max = Math.max(max, inside);
            count++;
            inside--;
        } finally {
            sem.release();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(SemaphoreMutex::work);
        Thread t2 = new Thread(SemaphoreMutex::work);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("count=" + count + " permits=" + sem.availablePermits() + " max=" + max);
    }
}
