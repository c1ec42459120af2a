/**
 * The set clients of the POR benchmark, shared by every set structure (`*SetLow` and
 * `*SetHigh` only choose the structure and the number of calls): `low` (disjoint keys)
 * and `high` (keys 1 and 2), 3 threads each. The keys, calls and assertions are
 * described in the clients' headers.
 */
public final class SetClient {
    private SetClient() {
    }

    static void low(IntSet set, int calls) throws InterruptedException {
        for (int k : new int[] {50, 20, 80, 10, 40, 70, 90, 30, 60}) {
            set.add(k);
        }
        History[] hs = new History[3];
        Thread[] threads = new Thread[3];
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads[t] = new Thread(() -> hs[id] = lowCalls(set, id, calls));
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

    static History lowCalls(IntSet set, int t, int calls) {
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

    static void high(IntSet set, int calls) throws InterruptedException {
        set.add(2);
        History[] hs = new History[3];
        Thread[] threads = new Thread[3];
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads[t] = new Thread(() -> hs[id] = highCalls(set, id, calls));
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

    static History highCalls(IntSet set, int t, int calls) {
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
