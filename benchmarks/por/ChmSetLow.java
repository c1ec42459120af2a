// jvmc-visible: ChmSet*,java.util.concurrent.ConcurrentHashMap*
/**
 * POR benchmark client of ChmSet, low contention: the set starts as {10, 20, ..., 90}
 * (added in the order 50, 20, 80, 10, 40, 70, 90, 30, 60, which balances CasBstSet's
 * tree); thread t (t = 0, 1, 2) works only on its own keys k = 30 * t + 15 (absent) and
 * r = k - 5 (present), so in the lists and the tree the threads lock, CAS and write
 * disjoint nodes. Each thread makes up to 5 calls: add(k), remove(r), contains(k),
 * remove(k), add(k) (by default only the first call: CALLS = 1; args[0] overrides).
 * Asserted (History.checkSet): per key, initial presence + successful adds - successful
 * removes = final presence, and some interleaving of the calls explains all results
 * (here, with disjoint keys: exactly the sequential results). Prints the final set.
 */
public class ChmSetLow {
    static final int CALLS = 1;

    public static void main(String[] args) throws InterruptedException {
        SetClient.low(new ChmSet(), args.length > 0 ? Integer.parseInt(args[0]) : CALLS);
    }
}
