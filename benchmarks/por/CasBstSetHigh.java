// jvmc-visible: CasBstSet*
/**
 * POR benchmark client of CasBstSet, high contention: the set starts as {2}; all three
 * threads work on keys 1 and 2, making up to 5 calls each (by default all 5: CALLS = 5;
 * args[0] overrides):
 *   thread 0: add(1), remove(2), contains(1), remove(1), add(2)
 *   thread 1: add(1), remove(1), add(2), remove(1), contains(2)
 *   thread 2: contains(1), add(1), remove(2), contains(2), remove(1)
 * Asserted (History.checkSet): per key, initial presence + successful adds - successful
 * removes = final presence, and some interleaving of the calls (each thread's in
 * program order) explains all results. Prints the final set.
 */
public class CasBstSetHigh {
    static final int CALLS = 5;

    public static void main(String[] args) throws InterruptedException {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : CALLS;
        CasBstSet set = new CasBstSet();
        set.add(2);
        History[] hs = new History[3];
        Thread[] threads = new Thread[3];
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads[t] = new Thread(() -> hs[id] = run(set, id, calls));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        int[] keys = {1, 2};
        boolean[] init = {false, true};
        boolean[] fin = {set.contains(1), set.contains(2)};
        History.checkSet(hs, keys, init, fin);
        System.out.println(set);
    }

    static History run(CasBstSet set, int t, int calls) {
        History h = new History();
        for (int i = 0; i < calls; i++) {
            switch (t * 5 + i) {
                // thread 0
                case 0 -> h.add(1, set.add(1));
                case 1 -> h.remove(2, set.remove(2));
                case 2 -> h.contains(1, set.contains(1));
                case 3 -> h.remove(1, set.remove(1));
                case 4 -> h.add(2, set.add(2));
                // thread 1
                case 5 -> h.add(1, set.add(1));
                case 6 -> h.remove(1, set.remove(1));
                case 7 -> h.add(2, set.add(2));
                case 8 -> h.remove(1, set.remove(1));
                case 9 -> h.contains(2, set.contains(2));
                // thread 2
                case 10 -> h.contains(1, set.contains(1));
                case 11 -> h.add(1, set.add(1));
                case 12 -> h.remove(2, set.remove(2));
                case 13 -> h.contains(2, set.contains(2));
                default -> h.remove(1, set.remove(1));
            }
        }
        return h;
    }
}
