// jvmc-check: verdict=ok
// outcome: count=2
// Peterson's mutual exclusion for two threads (volatile flags and turn), each thread
// entering the critical section once. Under SC Peterson's algorithm is correct, so the
// in-CS counter is never 2 (the assertion holds), no thread is starved forever, and the
// increments of `count` inside the critical section are never lost.
public class Peterson {
    static volatile boolean flag0, flag1;
    static volatile int turn;
    static int inCs;
    static int count;

    static void critical() {
        inCs++;
        assert inCs == 1 : "two threads in the critical section";
        count++;
        inCs--;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(() -> {
            flag0 = true;
            turn = 1;
            while (flag1 && turn == 1) {
                // spin
            }
            critical();
            flag0 = false;
        });
        Thread t1 = new Thread(() -> {
            flag1 = true;
            turn = 0;
            while (flag0 && turn == 0) {
                // spin
            }
            critical();
            flag1 = false;
        });
        t0.start();
        t1.start();
        t0.join();
        t1.join();
        System.out.println("count=" + count);
    }
}
