// jvmc-check: verdict=ok
// outcome: same=true created=1
// Double-checked lazy initialisation with a volatile field: the second check is inside the
// lock, so exactly one instance is constructed and both threads get the same one, in every
// interleaving.
public class DoubleCheckedLocking {
    static volatile DoubleCheckedLocking instance;
    static int created;
    static DoubleCheckedLocking r1, r2;

    DoubleCheckedLocking() {
        created++;
    }

    static DoubleCheckedLocking get() {
        DoubleCheckedLocking i = instance;
        if (i == null) {
            synchronized (DoubleCheckedLocking.class) {
                i = instance;
                if (i == null) {
                    i = new DoubleCheckedLocking();
                    instance = i;
                }
            }
        }
        return i;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> r1 = get());
        Thread t2 = new Thread(() -> r2 = get());
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("same=" + (r1 == r2 && r1 != null) + " created=" + created);
    }
}
