// jvmc-visible: LockedHashMap*
/**
 * POR benchmark client of LockedHashMap, high contention: the map starts as {2=1002};
 * all three threads work on keys 1 and 2, making up to 5 calls each (by default the
 * first 4: CALLS = 4; args[0] overrides), where call i of thread t puts the value
 * v = 100 * (t + 1) + i:
 *   thread 0: put(1, v), remove(2), get(1), remove(1), put(2, v)
 *   thread 1: remove(1), put(1, v), put(2, v), remove(1), get(2)
 *   thread 2: put(1, v), remove(1), get(2), put(1, v), remove(2)
 * Asserted (History.checkMap): per key, the initial value and the values put are
 * exactly the values returned by put/remove plus the final value (as multisets), and
 * some interleaving of the calls (each thread's in program order) explains all results.
 * Prints the final map.
 */
public class LockedHashMapHigh {
    static final int CALLS = 4;

    public static void main(String[] args) throws InterruptedException {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : CALLS;
        LockedHashMap map = new LockedHashMap();
        map.put(2, 1002);
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
        int[] keys = {1, 2};
        int[] init = {LockedHashMap.NONE, 1002};
        int[] fin = {map.get(1), map.get(2)};
        History.checkMap(hs, keys, init, fin);
        System.out.println(map);
    }

    static History run(LockedHashMap map, int t, int calls) {
        History h = new History();
        for (int i = 0; i < calls; i++) {
            int v = 100 * (t + 1) + i;
            switch (t * 5 + i) {
                // thread 0
                case 0 -> h.put(1, v, map.put(1, v));
                case 1 -> h.removeKey(2, map.remove(2));
                case 2 -> h.get(1, map.get(1));
                case 3 -> h.removeKey(1, map.remove(1));
                case 4 -> h.put(2, v, map.put(2, v));
                // thread 1
                case 5 -> h.removeKey(1, map.remove(1));
                case 6 -> h.put(1, v, map.put(1, v));
                case 7 -> h.put(2, v, map.put(2, v));
                case 8 -> h.removeKey(1, map.remove(1));
                case 9 -> h.get(2, map.get(2));
                // thread 2
                case 10 -> h.put(1, v, map.put(1, v));
                case 11 -> h.removeKey(1, map.remove(1));
                case 12 -> h.get(2, map.get(2));
                case 13 -> h.put(1, v, map.put(1, v));
                default -> h.removeKey(2, map.remove(2));
            }
        }
        return h;
    }
}
