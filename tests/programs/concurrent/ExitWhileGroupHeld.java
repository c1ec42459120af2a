// jvmc-check: verdict=ok
// outcome: 2 2
// outcome: 3 3
// A thread's exit removes it from its group under the group's monitor, so it blocks
// while another thread holds that monitor and goes on when it is released: the
// holder sees the same count before and after its yield. (The vm does not classify
// the data accesses of thread-group bookkeeping, only its monitor acquires and calls:
// the acquire here begins the exit's second transition and must stay in its label.)
public class ExitWhileGroupHeld {
    public static void main(String[] args) throws InterruptedException {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        Thread worker = new Thread(() -> {});
        Thread holder = new Thread(() -> {
            synchronized (group) {
                int before = group.activeCount();
                Thread.yield();
                System.out.println(before + " " + group.activeCount());
            }
        });
        worker.start();
        holder.start();
        worker.join();
        holder.join();
    }
}
