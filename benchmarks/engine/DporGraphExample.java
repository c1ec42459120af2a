/**
 * The DPOR engine paper's {@code DporGraphExample} (Storey, Mercer, Parízek, Figure 2):
 * {@code main} starts a thread and writes {@code i = 2}, the thread writes {@code i = 1}.
 * Whether {@code i} is shared is not known when {@code main} writes it, so the
 * data-race marker makes that write a {@code Maybe} node; the thread's write then
 * races with it and the search is replayed from the root with both writes as
 * scheduling points. Ours joins the thread and prints {@code i}, so the two orders
 * are two outcomes (1 and 2) a reduction must keep.
 */
public class DporGraphExample extends Thread {
    static int i; // sharedness unknown a priori

    public static void main(String[] args) throws InterruptedException {
        DporGraphExample t = new DporGraphExample();
        t.start();
        i = 2; // runs in main thread
        t.join();
        System.out.println(i);
    }

    @Override
    public void run() {
        i = 1; // runs in new thread
    }
}
