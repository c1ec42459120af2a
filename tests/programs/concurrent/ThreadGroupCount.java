// jvmc-check: verdict=ok
// outcome: active=1
// outcome: active=2
// Thread.start adds the thread to its group and Thread.exit removes it: both run as
// atomic JDK bookkeeping, and the labels of those steps must still carry the group's
// accesses, or partial-order reduction takes main's activeCount() to be independent
// of t's exit and misses one of the two outcomes (it did: every algorithm saw only
// active=2).
public class ThreadGroupCount {
    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {});
        t.start();
        int active = Thread.currentThread().getThreadGroup().activeCount();
        t.join();
        System.out.println("active=" + active);
    }
}
