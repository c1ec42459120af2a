// jvmc-check: verdict=ok
// outcome: seen
// Issue 9, defect 0 (the other side): a thread spins on a flag the main thread sets.
// The state graph has a cycle (the spinner reading the flag forever), but the writer
// can run all along, so it is not a fair cycle: no livelock.
public class SpinOnRunnableWriterIsNoLivelock {
    static volatile boolean flag;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            while (!flag) {
                Thread.yield();
            }
        });
        t.start();
        flag = true;
        t.join();
        System.out.println("seen");
    }
}
