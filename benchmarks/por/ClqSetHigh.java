// jvmc-visible: ClqSet*,java.util.concurrent.ConcurrentLinkedQueue*
/**
 * POR benchmark client of ClqSet (ConcurrentLinkedQueue), high contention: the queue
 * starts as [40]; all three threads add and poll at both ends, making up to 5 calls
 * each (by default the first 2: CALLS = 2; args[0] overrides); thread t adds its
 * elements 10 * (t + 1) + 0, 1, 2 in this order:
 *   thread 0: add(10), poll, add(11), poll, add(12)
 *   thread 1: poll, add(20), poll, add(21), poll
 *   thread 2: add(30), add(31), poll, remove(30), add(32)
 * Asserted (History.checkQueue): every element polled was added, none is removed twice,
 * removed + remaining = added as multisets, each consumer polls each producer's
 * elements in that producer's order, no element stays while a later one of its producer
 * was polled, and an empty poll or failed remove(v) is explained by other threads'
 * removals. Prints the final queue.
 */
public class ClqSetHigh {
    static final int CALLS = 2;

    public static void main(String[] args) throws InterruptedException {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : CALLS;
        ClqSet queue = new ClqSet();
        queue.add(40);
        History[] hs = new History[3];
        Thread[] threads = new Thread[3];
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads[t] = new Thread(() -> hs[id] = run(queue, id, calls));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        History.checkQueue(hs, new int[] {40}, queue.toArray());
        System.out.println(queue);
    }

    static History run(ClqSet queue, int t, int calls) {
        History h = new History();
        for (int i = 0; i < calls; i++) {
            switch (t * 5 + i) {
                // thread 0
                case 0 -> add(queue, h, 10);
                case 1 -> h.poll(queue.remove());
                case 2 -> add(queue, h, 11);
                case 3 -> h.poll(queue.remove());
                case 4 -> add(queue, h, 12);
                // thread 1
                case 5 -> h.poll(queue.remove());
                case 6 -> add(queue, h, 20);
                case 7 -> h.poll(queue.remove());
                case 8 -> add(queue, h, 21);
                case 9 -> h.poll(queue.remove());
                // thread 2
                case 10 -> add(queue, h, 30);
                case 11 -> add(queue, h, 31);
                case 12 -> h.poll(queue.remove());
                case 13 -> h.removeValue(30, queue.remove(30));
                default -> add(queue, h, 32);
            }
        }
        return h;
    }

    private static void add(ClqSet queue, History h, int v) {
        queue.add(v);
        h.offer(v);
    }
}
