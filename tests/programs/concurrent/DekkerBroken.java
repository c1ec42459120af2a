// jvmc-check: verdict=violation kind=assertion
// Dekker's "first attempt" without the turn variable: each thread waits until the other's
// flag is clear and only then raises its own flag (test-then-set). Both can pass the test
// before either sets its flag, so both enter the critical section and inCs == 1 fails.
public class DekkerBroken {
    static volatile boolean flag0, flag1;
    static int inCs;

    static void critical() {
        inCs++;
        assert inCs == 1 : "two threads in the critical section";
        inCs--;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(() -> {
            while (flag1) {
                // spin
            }
            flag0 = true;
            critical();
            flag0 = false;
        });
        Thread t1 = new Thread(() -> {
            while (flag0) {
                // spin
            }
            flag1 = true;
            critical();
            flag1 = false;
        });
        t0.start();
        t1.start();
        t0.join();
        t1.join();
        System.out.println("done");
    }
}
