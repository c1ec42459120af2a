// jvmc-check: verdict=ok
// outcome: seq=AB
// Two threads alternate strictly using one ReentrantLock, a Condition and a turn variable
// (await in while loops, signalAll after each move), one move each: A then B. Every interleaving
// produces the same sequence and both threads finish.
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

public class ConditionPingPong {
    static final ReentrantLock lock = new ReentrantLock();
    static final Condition changed = lock.newCondition();
    static int turn;
    static final StringBuilder seq = new StringBuilder();

    static void play(int me, char c) {
        for (int round = 0; round < 1; round++) {
            lock.lock();
            try {
                while (turn != me) changed.await();
                seq.append(c);
                turn = 1 - me;
                changed.signalAll();
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
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
