/**
 * A {@code Maybe} event that turns out to be a scheduling point (the DPOR engine
 * paper's {@code MaybeExample}, Section 4, rebuilt: the paper gives only its counts).
 * Two workers each fill an object of their own ({@code Maybe} events that stay
 * thread-local: no choice point is ever made for them) and then publish a result into
 * one static field: the first publication is a {@code Maybe} event (one thread has
 * touched the field so far), the second races with it, and the search replays from
 * the root to schedule the first. The data-race marker pays for that replay with
 * redundant executions, as the paper's does (8 graphs against every-access's 5), but
 * makes no choice point at the local writes. Prints the published value (1 or 2).
 */
public class MaybeExample {
    static int published;

    static final class Worker extends Thread {
        private final int value;

        Worker(int value) {
            this.value = value;
        }

        @Override
        public void run() {
            int[] local = new int[2];
            local[0] = value;
            local[1] = local[0];
            published = local[1];
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker a = new Worker(1);
        Worker b = new Worker(2);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(published);
    }
}
