// jvmc-check: verdict=violation kind=assertion
// Peterson's algorithm with the two entry writes swapped (turn is written before the own
// flag). Bad run: T0: turn=1; T1: turn=0; T1: flag1=true; T1 sees flag0=false and enters;
// T0: flag0=true; T0 sees turn==0 and enters too -> both in the critical section, and the
// assertion inCs == 1 fails.
public class PetersonBroken {
    static volatile boolean flag0, flag1;
    static volatile int turn;
    static int inCs;

    static void critical() {
        inCs++;
        assert inCs == 1 : "two threads in the critical section";
        inCs--;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(() -> {
            turn = 1;
            flag0 = true;
            while (flag1 && turn == 1) {
                // spin
            }
            critical();
            flag0 = false;
        });
        Thread t1 = new Thread(() -> {
            turn = 0;
            flag1 = true;
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
        System.out.println("done");
    }
}
