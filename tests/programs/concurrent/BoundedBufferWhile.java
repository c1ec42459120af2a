// jvmc-check: verdict=ok
// outcome: c1=1 c2=2
// outcome: c1=2 c2=1
// The BoundedBufferIf buffer fixed with `while` loops around wait(): 2 producers put 1
// and 2, 2 consumers take one item each. Guards are re-checked after every wakeup, so the
// buffer never under/overflows and nobody waits forever; either consumer may get either item.
public class BoundedBufferWhile {
    static final Object lock = new Object();
    static int count;
    static int item;

    static void put(int v) throws InterruptedException {
        synchronized (lock) {
            while (count == 1) lock.wait();
            assert count == 0 : "put into a full buffer";
            item = v;
            count++;
            lock.notifyAll();
        }
    }

    static int take() throws InterruptedException {
        synchronized (lock) {
            while (count == 0) lock.wait();
            assert count == 1 : "take from an empty buffer";
            count--;
            lock.notifyAll();
            return item;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] got = new int[2];
        Thread[] ts = new Thread[4];
        for (int i = 0; i < 2; i++) {
            final int v = i + 1;
            final int c = i;
            ts[i] = new Thread(() -> {
                try {
                    put(v);
                } catch (InterruptedException e) {
                }
            });
            ts[i + 2] = new Thread(() -> {
                try {
                    got[c] = take();
                } catch (InterruptedException e) {
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        assert count == 0;
        System.out.println("c1=" + got[0] + " c2=" + got[1]);
    }
}
