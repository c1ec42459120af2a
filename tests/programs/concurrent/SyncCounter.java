// jvmc-check: verdict=ok
// outcome: count=4
// Two threads each do two increments inside synchronized(lock); monitor mutual exclusion
// makes every read-modify-write atomic, so the only end state has count=4.
public class SyncCounter {
    static final Object lock = new Object();
    static int count;

    static void work() {
        for (int i = 0; i < 2; i++) {
            synchronized (lock) {
                count++;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(SyncCounter::work);
        Thread t2 = new Thread(SyncCounter::work);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 4;
        System.out.println("count=" + count);
    }
}
