// jvmc-check: verdict=ok
// outcome: ok1=true ok2=true
// Two threads each measure System.nanoTime() and currentTimeMillis() around their own
// Thread.sleep(5). Time never goes backwards and a sleep of 5 ms lasts at least 5 ms, so
// both measurements pass in every interleaving (the other thread's sleep only adds time).
public class NanoTimeSleep {
    static boolean ok1, ok2;

    static boolean measure() {
        long n0 = System.nanoTime();
        long m0 = System.currentTimeMillis();
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            return false;
        }
        long n1 = System.nanoTime();
        long m1 = System.currentTimeMillis();
        return n1 - n0 >= 5_000_000L && m1 >= m0;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> ok1 = measure());
        Thread t2 = new Thread(() -> ok2 = measure());
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("ok1=" + ok1 + " ok2=" + ok2);
    }
}
