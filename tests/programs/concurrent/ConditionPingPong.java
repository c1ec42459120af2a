// jvmc-check: verdict=ok
// outcome: seq=AB
// Main (A) and a thread (B) alternate strictly using one ReentrantLock, a Condition and a
// turn variable (await in while loops, signalAll after each move), one move each: B must
// wait for A. Every interleaving produces "AB" and both threads finish.
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
        Thread b = new Thread(() -> play(1, 'B'));
        b.start();
        play(0, 'A');
        b.join();
        System.out.println("seq=" + seq);
    }
}
