import java.util.*;

public class SynchronizedReentrancy {
    private int value;
    private static int staticValue;
    private final Object lock = new Object();

    synchronized void inc() { value++; }
    synchronized int nested(int depth) {
        if (depth == 0) return value;
        inc();
        return nested(depth - 1);
    }
    static synchronized void staticInc() { staticValue++; }

    int blockInc() {
        synchronized (lock) {
            synchronized (this) {
                synchronized (lock) {
                    value += 10;
                    return value;
                }
            }
        }
    }

    int throwInside() {
        try {
            synchronized (lock) {
                value++;
                if (value > 0) throw new IllegalStateException("thrown while holding lock");
            }
        } catch (IllegalStateException e) {
            return Thread.holdsLock(lock) ? -1 : value;
        }
        return 0;
    }

    public static void main(String[] args) throws Exception {
        SynchronizedReentrancy s = new SynchronizedReentrancy();
        System.out.println("holds before " + Thread.holdsLock(s));
        synchronized (s) {
            System.out.println("holds inside " + Thread.holdsLock(s) + " lock field " + Thread.holdsLock(s.lock));
            s.inc();
        }
        System.out.println("holds after " + Thread.holdsLock(s));
        System.out.println("nested " + s.nested(50));
        for (int i = 0; i < 1000; i++) staticInc();
        System.out.println("static " + staticValue);
        synchronized (SynchronizedReentrancy.class) {
            System.out.println("class lock held " + Thread.holdsLock(SynchronizedReentrancy.class));
            staticInc();
        }
        System.out.println("block " + s.blockInc() + " " + s.blockInc());
        System.out.println("throwInside " + s.throwInside() + " released " + !Thread.holdsLock(s.lock));
        List<Integer> syncList = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 10; i++) syncList.add(i);
        synchronized (syncList) {
            int sum = 0;
            for (int x : syncList) sum += x;
            System.out.println("sync list sum " + sum);
        }
        StringBuffer sbuf = new StringBuffer();
        for (int i = 0; i < 5; i++) sbuf.append(i).append(',');
        System.out.println(sbuf);
        Vector<String> vec = new Vector<>(List.of("v1", "v2"));
        vec.addElement("v3");
        System.out.println(vec + " " + vec.elementAt(1) + " " + vec.capacity());
        Hashtable<Integer, String> ht = new Hashtable<>();
        ht.put(1, "one");
        System.out.println(ht);
        Object monitor = new Object();
        synchronized (monitor) {
            try {
                monitor.notify();
                monitor.notifyAll();
                System.out.println("notify while holding: ok");
            } catch (IllegalMonitorStateException e) {
                System.out.println("unexpected IMSE");
            }
        }
        try {
            monitor.notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("IllegalMonitorStateException: " + e.getMessage());
        }
        try {
            monitor.wait(1);
        } catch (IllegalMonitorStateException e) {
            System.out.println("IllegalMonitorStateException on wait");
        }
        synchronized (monitor) {
            monitor.wait(1);
            System.out.println("timed wait returned");
        }
        Thread t = Thread.currentThread();
        System.out.println(t.getName() + " " + t.isAlive() + " " + t.isDaemon() + " " + t.getPriority() + " interrupted " + Thread.interrupted());
        t.interrupt();
        System.out.println("after interrupt: " + t.isInterrupted());
        try {
            synchronized (monitor) {
                monitor.wait(1000);
            }
            System.out.println("wait not interrupted?!");
        } catch (InterruptedException e) {
            System.out.println("InterruptedException, flag now " + t.isInterrupted());
        }
        try {
            Thread.sleep(1);
            System.out.println("slept");
        } catch (InterruptedException e) {
            System.out.println("sleep interrupted");
        }
    }
}
