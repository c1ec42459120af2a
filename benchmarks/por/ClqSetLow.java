// jvmc-visible: ClqSet*,java.util.concurrent.ConcurrentLinkedQueue*
/**
 * POR benchmark client of ClqSet (ConcurrentLinkedQueue), low contention: the queue
 * starts as [40]; thread t (t = 0, 1, 2) only adds and removes its own elements
 * a = 10 * (t + 1), b = a + 1, c = a + 2, making up to 5 calls: add(a), remove(a),
 * add(b), add(c), remove(b) (by value; by default the first 2: CALLS = 2; args[0]
 * overrides); nobody polls. Asserted (History.checkQueue): every element removed was
 * added, none is removed twice, removed + remaining = added as multisets, and a failed
 * remove(v) after add(v) would need another thread to have removed v (here: each remove
 * must succeed). Prints the final queue.
 */
public class ClqSetLow {
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
        int a = 10 * (t + 1);
        for (int i = 0; i < calls; i++) {
            switch (i) {
                case 0 -> {
                    queue.add(a);
                    h.offer(a);
                }
                case 1 -> h.removeValue(a, queue.remove(a));
                case 2 -> {
                    queue.add(a + 1);
                    h.offer(a + 1);
                }
                case 3 -> {
                    queue.add(a + 2);
                    h.offer(a + 2);
                }
                default -> h.removeValue(a + 1, queue.remove(a + 1));
            }
        }
        return h;
    }
}
