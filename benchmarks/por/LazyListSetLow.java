// jvmc-visible: LazyListSet*
/**
 * POR benchmark client of LazyListSet, low contention: the set starts as {10, 20, ..., 90}
 * (added in the order 50, 20, 80, 10, 40, 70, 90, 30, 60, which balances CasBstSet's
 * tree); thread t (t = 0, 1, 2) works only on its own keys k = 30 * t + 15 (absent) and
 * r = k - 5 (present), so in the lists and the tree the threads lock, CAS and write
 * disjoint nodes. Each thread makes up to 5 calls: add(k), remove(r), contains(k),
 * remove(k), add(k) (by default all 5: CALLS = 5; args[0] overrides).
 * Asserted (History.checkSet): per key, initial presence + successful adds - successful
 * removes = final presence, and some interleaving of the calls explains all results
 * (here, with disjoint keys: exactly the sequential results). Prints the final set.
 */
public class LazyListSetLow {
    static final int CALLS = 5;

    public static void main(String[] args) throws InterruptedException {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : CALLS;
        LazyListSet set = new LazyListSet();
        for (int k : new int[] {50, 20, 80, 10, 40, 70, 90, 30, 60}) {
            set.add(k);
        }
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
        int[] keys = {15, 45, 75, 10, 20, 30, 40, 50, 60, 70, 80, 90};
        boolean[] init = {false, false, false,
                          true, true, true, true, true, true, true, true, true};
        boolean[] fin = new boolean[keys.length];
        for (int j = 0; j < keys.length; j++) {
            fin[j] = set.contains(keys[j]);
        }
        History.checkSet(hs, keys, init, fin);
        System.out.println(set);
    }

    static History run(LazyListSet set, int t, int calls) {
        History h = new History();
        int k = 30 * t + 15;
        int r = k - 5;
        for (int i = 0; i < calls; i++) {
            switch (i) {
                case 0 -> h.add(k, set.add(k));
                case 1 -> h.remove(r, set.remove(r));
                case 2 -> h.contains(k, set.contains(k));
                case 3 -> h.remove(k, set.remove(k));
                default -> h.add(k, set.add(k));
            }
        }
        return h;
    }
}
