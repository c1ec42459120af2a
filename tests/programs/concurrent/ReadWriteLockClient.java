// jvmc-check: verdict=ok
// outcome: r1=0 r2=0 x=2
// outcome: r1=0 r2=2 x=2
// outcome: r1=2 r2=0 x=2
// outcome: r1=2 r2=2 x=2
// ReentrantReadWriteLock: the writer adds 1 twice inside one write-locked section; two
// readers read x under the read lock. Readers never see the intermediate odd value, so
// each reads 0 (before the writer) or 2 (after), in all four combinations.
import java.util.concurrent.locks.ReentrantReadWriteLock;

public class ReadWriteLockClient {
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static int x;
    static final int[] r = new int[2];

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            rw.writeLock().lock();
            try {
                x++;
                x++;
            } finally {
                rw.writeLock().unlock();
            }
        });
        Thread[] readers = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            readers[i] = new Thread(() -> {
                rw.readLock().lock();
                try {
                    int v = x;
                    assert v % 2 == 0 : "saw a torn update " + v;
                    r[id] = v;
                } finally {
                    rw.readLock().unlock();
                }
            });
        }
        writer.start();
        readers[0].start();
        readers[1].start();
        writer.join();
        readers[0].join();
        readers[1].join();
        System.out.println("r1=" + r[0] + " r2=" + r[1] + " x=" + x);
    }
}
