// jvmc-check: verdict=ok
// outcome: count=2
// Dekker's algorithm for two threads (volatile flags and turn), each thread entering the
// critical section once. It is correct under SC: the assertion that only one thread is in
// the critical section holds, the backing-off loop cannot deadlock, and count ends at 2.
public class Dekker {
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
            while (flag1) {
                if (turn != 0) {
                    flag0 = false;
                    while (turn != 0) {
                        // spin
                    }
                    flag0 = true;
                }
            }
            critical();
            turn = 1;
            flag0 = false;
        });
        Thread t1 = new Thread(() -> {
            flag1 = true;
            while (flag0) {
                if (turn != 1) {
                    flag1 = false;
                    while (turn != 1) {
                        // spin
                    }
                    flag1 = true;
                }
            }
            critical();
            turn = 0;
            flag1 = false;
        });
        t0.start();
        t1.start();
        t0.join();
        t1.join();
        System.out.println("count=" + count);
    }
}
