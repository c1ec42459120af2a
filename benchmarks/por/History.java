import java.util.Arrays;
import java.util.HashSet;

/**
 * Helper of the POR benchmark clients (not a benchmark structure): one History per
 * worker thread records, in program order, the calls the thread made and what they
 * returned. A worker creates its History itself and publishes it only when it is done,
 * so recording adds no shared accesses. After joining the workers, main calls one of
 * the static check methods, which assert that the results are admitted by
 * linearizability:
 *
 * - checkSet / checkMap: per key, a conservation law (set: initial presence +
 *   successful adds - successful removes = final presence; map: the initial value and
 *   the values put are exactly the values returned by put/remove plus the final value,
 *   as multisets), and that some interleaving of the threads' calls on that key, in
 *   program order, explains every result and the final state under the sequential
 *   specification (necessary for linearizability; sets and maps are per-key objects).
 * - checkQueue: every polled element was offered, none is removed twice, removed +
 *   remaining = offered as multisets, each consumer polls each producer's elements in
 *   that producer's order, no element stays behind a later one of its producer that
 *   was polled, and a failed remove(v) / an empty poll is explained by other threads.
 *   Queue values encode their producer: producer = v / 10, sequence number = v % 10.
 *
 * Absent values are NONE (-1); map values and queue elements must be non-negative.
 */
public final class History {
    public static final int NONE = -1;

    static final int ADD = 0, REMOVE = 1, CONTAINS = 2; // set calls (results 0/1)
    static final int PUT = 3, MREMOVE = 4, GET = 5; // map calls (results: values)
    static final int OFFER = 6, POLL = 7, QREMOVE = 8; // queue calls

    private static final int FAIL = Integer.MIN_VALUE;

    private int size;
    private final int[] kind = new int[8];
    private final int[] key = new int[8];
    private final int[] arg = new int[8];
    private final int[] res = new int[8];

    private void record(int k, int ky, int a, int r) {
        kind[size] = k;
        key[size] = ky;
        arg[size] = a;
        res[size] = r;
        size++;
    }

    // ---- recording: each method takes the arguments and the result of one call ----

    public void add(int k, boolean result) {
        record(ADD, k, 0, result ? 1 : 0);
    }

    public void remove(int k, boolean result) {
        record(REMOVE, k, 0, result ? 1 : 0);
    }

    public void contains(int k, boolean result) {
        record(CONTAINS, k, 0, result ? 1 : 0);
    }

    /** put(k, v) returned previous (NONE: absent). */
    public void put(int k, int v, int previous) {
        record(PUT, k, v, previous);
    }

    /** Map remove(k) returned previous (NONE: absent). */
    public void removeKey(int k, int previous) {
        record(MREMOVE, k, 0, previous);
    }

    public void get(int k, int value) {
        record(GET, k, 0, value);
    }

    public void offer(int v) {
        record(OFFER, 0, v, 1);
    }

    /** poll() returned head (NONE: empty). */
    public void poll(int head) {
        record(POLL, 0, 0, head);
    }

    /** Queue remove(v) (one occurrence, by value). */
    public void removeValue(int v, boolean result) {
        record(QREMOVE, 0, v, result ? 1 : 0);
    }

    /** A boxed map result as an int. */
    public static int value(Integer v) {
        return v == null ? NONE : v;
    }

    // ---- sets and maps ----

    /** init[j] / fin[j]: whether keys[j] was in the set before the threads / after. */
    public static void checkSet(History[] hs, int[] keys, boolean[] init, boolean[] fin) {
        for (int j = 0; j < keys.length; j++) {
            int k = keys[j];
            int count = init[j] ? 1 : 0;
            for (History h : hs) {
                for (int i = 0; i < h.size; i++) {
                    if (h.key[i] == k && h.res[i] == 1) {
                        if (h.kind[i] == ADD) {
                            count++;
                        } else if (h.kind[i] == REMOVE) {
                            count--;
                        }
                    }
                }
            }
            assert count == (fin[j] ? 1 : 0)
                    : "key " + k + ": initial + successful adds - successful removes != final";
            assert sequential(hs, k, init[j] ? 1 : NONE, fin[j] ? 1 : NONE)
                    : "key " + k + ": no order of the calls explains their results";
        }
    }

    /** init[j] / fin[j]: the value of keys[j] before the threads / after (NONE: absent). */
    public static void checkMap(History[] hs, int[] keys, int[] init, int[] fin) {
        for (int j = 0; j < keys.length; j++) {
            int k = keys[j];
            int[] in = new int[16];
            int[] out = new int[16];
            int nin = 0;
            int nout = 0;
            if (init[j] != NONE) {
                in[nin++] = init[j];
            }
            if (fin[j] != NONE) {
                out[nout++] = fin[j];
            }
            for (History h : hs) {
                for (int i = 0; i < h.size; i++) {
                    if (h.key[i] != k) {
                        continue;
                    }
                    if (h.kind[i] == PUT) {
                        in[nin++] = h.arg[i];
                    }
                    if ((h.kind[i] == PUT || h.kind[i] == MREMOVE) && h.res[i] != NONE) {
                        out[nout++] = h.res[i];
                    }
                }
            }
            Arrays.sort(in, 0, nin);
            Arrays.sort(out, 0, nout);
            assert Arrays.equals(in, 0, nin, out, 0, nout)
                    : "key " + k + ": values put != values returned by put/remove + final value";
            assert sequential(hs, k, init[j], fin[j])
                    : "key " + k + ": no order of the calls explains their results";
        }
    }

    /** Whether some interleaving of the calls on key k takes init to fin, results agreeing. */
    private static boolean sequential(History[] hs, int k, int init, int fin) {
        int[][] calls = new int[hs.length][];
        for (int t = 0; t < hs.length; t++) {
            int n = 0;
            int[] mine = new int[hs[t].size];
            for (int i = 0; i < hs[t].size; i++) {
                if (hs[t].key[i] == k && hs[t].kind[i] <= GET) {
                    mine[n++] = i;
                }
            }
            calls[t] = Arrays.copyOf(mine, n);
        }
        return explore(hs, calls, new int[hs.length], init, fin, new HashSet<>());
    }

    private static boolean explore(History[] hs, int[][] calls, int[] pos, int cur, int fin,
                                   HashSet<Long> failed) {
        long code = cur + 1;
        for (int p : pos) {
            code = code * 8 + p;
        }
        if (failed.contains(code)) {
            return false;
        }
        boolean done = true;
        for (int t = 0; t < hs.length; t++) {
            if (pos[t] < calls[t].length) {
                done = false;
                int next = apply(hs[t], calls[t][pos[t]], cur);
                if (next != FAIL) {
                    pos[t]++;
                    boolean ok = explore(hs, calls, pos, next, fin, failed);
                    pos[t]--;
                    if (ok) {
                        return true;
                    }
                }
            }
        }
        if (done && cur == fin) {
            return true;
        }
        failed.add(code);
        return false;
    }

    /** The sequential specification: the state after call i from cur, or FAIL. */
    private static int apply(History h, int i, int cur) {
        int r = h.res[i];
        switch (h.kind[i]) {
            case ADD:
                return r == (cur == NONE ? 1 : 0) ? 1 : FAIL;
            case REMOVE:
                return r == (cur != NONE ? 1 : 0) ? NONE : FAIL;
            case CONTAINS:
                return r == (cur != NONE ? 1 : 0) ? cur : FAIL;
            case PUT:
                return r == cur ? h.arg[i] : FAIL;
            case MREMOVE:
                return r == cur ? NONE : FAIL;
            case GET:
                return r == cur ? cur : FAIL;
            default:
                throw new IllegalArgumentException("not a set or map call");
        }
    }

    // ---- queues ----

    /**
     * init: the queue's elements (head first) before the threads, offered by main; fin:
     * its elements after. Thread t of hs is "thread t"; main is thread -1.
     */
    public static void checkQueue(History[] hs, int[] init, int[] fin) {
        // Every element in fin or polled was offered, and at most once.
        int[] offered = offeredValues(hs, init);
        int[] sorted = offered.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            assert sorted[i] != sorted[i - 1] : "client error: element offered twice";
        }
        for (int v : fin) {
            assert Arrays.binarySearch(sorted, v) >= 0 : v + " is in the queue but never offered";
        }
        for (History h : hs) {
            for (int i = 0; i < h.size; i++) {
                if (h.kind[i] == POLL && h.res[i] != NONE) {
                    assert Arrays.binarySearch(sorted, h.res[i]) >= 0
                            : "polled " + h.res[i] + ", never offered";
                }
            }
        }
        // Removed + remaining = offered; a producer removes its own element only after
        // offering it.
        for (int v : offered) {
            int copies = count(fin, v);
            for (int t = 0; t < hs.length; t++) {
                History h = hs[t];
                for (int i = 0; i < h.size; i++) {
                    if (removes(h, i, v)) {
                        copies++;
                        int at = offerIndex(h, v);
                        assert at == NONE || at < i
                                : "thread " + t + " removed " + v + " before offering it";
                    }
                }
            }
            assert copies == 1 : v + ": removed + remaining = " + copies + ", offered once";
        }
        // FIFO per producer: for each consumer, and against the remaining elements.
        for (History h : hs) {
            for (int i = 0; i < h.size; i++) {
                if (h.kind[i] != POLL || h.res[i] == NONE) {
                    continue;
                }
                int v = h.res[i];
                for (int j = i + 1; j < h.size; j++) {
                    if (h.kind[j] == POLL && h.res[j] != NONE && h.res[j] / 10 == v / 10) {
                        assert h.res[j] > v : "polled " + v + " before " + h.res[j];
                    }
                }
                for (int u : fin) {
                    assert u / 10 != v / 10 || u > v : "polled " + v + " while " + u + " stayed";
                }
            }
        }
        // A failed remove(v) or an empty poll by thread t at call i: whatever t knows
        // was in the queue must have been removed by a call not after i of thread t.
        for (int t = 0; t < hs.length; t++) {
            History h = hs[t];
            for (int i = 0; i < h.size; i++) {
                if (h.kind[i] == QREMOVE && h.res[i] == 0) {
                    int v = h.arg[i];
                    int at = offerIndex(h, v);
                    if ((at != NONE && at < i) || count(init, v) > 0) {
                        assert removedElsewhere(hs, v, t, i)
                                : "remove(" + v + ") failed although " + v + " was queued";
                    }
                } else if (h.kind[i] == POLL && h.res[i] == NONE) {
                    for (int v : init) {
                        assert removedElsewhere(hs, v, t, i)
                                : "empty poll although " + v + " was queued";
                    }
                    for (int j = 0; j < i; j++) {
                        if (h.kind[j] == OFFER) {
                            assert removedElsewhere(hs, h.arg[j], t, i)
                                    : "empty poll although " + h.arg[j] + " was queued";
                        }
                    }
                }
            }
        }
    }

    private static int[] offeredValues(History[] hs, int[] init) {
        int n = init.length;
        for (History h : hs) {
            for (int i = 0; i < h.size; i++) {
                if (h.kind[i] == OFFER) {
                    n++;
                }
            }
        }
        int[] out = Arrays.copyOf(init, n);
        n = init.length;
        for (History h : hs) {
            for (int i = 0; i < h.size; i++) {
                if (h.kind[i] == OFFER) {
                    out[n++] = h.arg[i];
                }
            }
        }
        return out;
    }

    private static boolean removes(History h, int i, int v) {
        return (h.kind[i] == POLL && h.res[i] == v)
                || (h.kind[i] == QREMOVE && h.arg[i] == v && h.res[i] == 1);
    }

    private static int offerIndex(History h, int v) {
        for (int i = 0; i < h.size; i++) {
            if (h.kind[i] == OFFER && h.arg[i] == v) {
                return i;
            }
        }
        return NONE;
    }

    /** Whether v was removed by a call other than thread t's calls from i on. */
    private static boolean removedElsewhere(History[] hs, int v, int t, int i) {
        for (int u = 0; u < hs.length; u++) {
            for (int j = 0; j < hs[u].size; j++) {
                if (removes(hs[u], j, v) && (u != t || j < i)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int count(int[] a, int v) {
        int n = 0;
        for (int x : a) {
            if (x == v) {
                n++;
            }
        }
        return n;
    }
}
