// jvmc-visible: java.util.concurrent.ConcurrentHashMap*
import java.util.concurrent.ConcurrentHashMap;

/**
 * POR benchmark client of java.util.concurrent.ConcurrentHashMap<Integer, Integer> used
 * directly, low contention: the map starts as {11=1011, 12=1012, 13=1013}; thread t
 * (t = 0, 1, 2) works only on its own keys k = t + 1 and k + 10, making up to 5 calls:
 * put(k, v0), remove(k + 10), get(k), put(k, v3), remove(k), where
 * vi = 100 * (t + 1) + i (by default only the first call: CALLS = 1; args[0]
 * overrides). Asserted (History.checkMap): per key, the initial value and the values
 * put are exactly the values returned by put/remove plus the final value (as
 * multisets), and some interleaving of the calls explains all results (here, with
 * disjoint keys: exactly the sequential results). Prints the final map.
 */
public class ChmLow {
    static final int CALLS = 1;

    public static void main(String[] args) throws InterruptedException {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : CALLS;
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        for (int k : new int[] {12, 11, 13}) {
            map.put(k, 1000 + k);
        }
        History[] hs = new History[3];
        Thread[] threads = new Thread[3];
        for (int t = 0; t < 3; t++) {
            int id = t;
            threads[t] = new Thread(() -> hs[id] = run(map, id, calls));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        int[] keys = {1, 2, 3, 11, 12, 13};
        int[] init = {History.NONE, History.NONE, History.NONE, 1011, 1012, 1013};
        int[] fin = new int[keys.length];
        for (int j = 0; j < keys.length; j++) {
            fin[j] = History.value(map.get(keys[j]));
        }
        History.checkMap(hs, keys, init, fin);
        System.out.println(map);
    }

    static History run(ConcurrentHashMap<Integer, Integer> map, int t, int calls) {
        History h = new History();
        int k = t + 1;
        int v = 100 * (t + 1);
        for (int i = 0; i < calls; i++) {
            switch (i) {
                case 0 -> h.put(k, v, History.value(map.put(k, v)));
                case 1 -> h.removeKey(k + 10, History.value(map.remove(k + 10)));
                case 2 -> h.get(k, History.value(map.get(k)));
                case 3 -> h.put(k, v + 3, History.value(map.put(k, v + 3)));
                default -> h.removeKey(k, History.value(map.remove(k)));
            }
        }
        return h;
    }
}
