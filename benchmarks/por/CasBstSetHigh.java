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
        SetClient.high(new CasBstSet(), args.length > 0 ? Integer.parseInt(args[0]) : CALLS);
    }
}
