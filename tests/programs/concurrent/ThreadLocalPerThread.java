// jvmc-check: verdict=ok
// outcome: main=5 t1=0,10 t2=0,20 inherited=parent,parent
// A ThreadLocal has one value per thread: each worker first sees the initial value 0,
// then its own value despite the other's concurrent set; main's value is untouched. An
// InheritableThreadLocal set by main before creating the workers is copied into each.
public class ThreadLocalPerThread {
    static final ThreadLocal<Integer> tl = ThreadLocal.withInitial(() -> 0);
    static final InheritableThreadLocal<String> itl = new InheritableThreadLocal<>();
    static final String[] res = new String[2];
    static final String[] inh = new String[2];

    public static void main(String[] args) throws InterruptedException {
        tl.set(5);
        itl.set("parent");
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                int init = tl.get();
                tl.set((id + 1) * 10);
                Thread.yield();
                res[id] = init + "," + tl.get();
                inh[id] = itl.get();
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println("main=" + tl.get() + " t1=" + res[0] + " t2=" + res[1]
                + " inherited=" + inh[0] + "," + inh[1]);
    }
}
