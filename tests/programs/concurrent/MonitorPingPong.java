// jvmc-check: verdict=ok
// outcome: seq=ABAB
// Two threads alternate strictly with synchronized/wait/notifyAll and a turn variable,
// two moves each: A, B, A, B. Guards are re-checked in while loops, so every interleaving
// gives the same sequence and both threads terminate.
public class MonitorPingPong {
    static final Object lock = new Object();
    static int turn;
    static final StringBuilder seq = new StringBuilder();

    static void play(int me, char c) {
        for (int round = 0; round < 2; round++) {
            synchronized (lock) {
                while (turn != me) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                seq.append(c);
                turn = 1 - me;
                lock.notifyAll();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> play(0, 'A'));
        Thread b = new Thread(() -> play(1, 'B'));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("seq=" + seq);
    }
}
