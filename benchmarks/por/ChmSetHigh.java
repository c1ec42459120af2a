// jvmc-visible: ChmSet*,java.util.concurrent.ConcurrentHashMap*
/**
 * POR benchmark client of ChmSet, high contention: the set starts as {2}; all three
 * threads work on keys 1 and 2, making up to 5 calls each (by default the first 2:
 * CALLS = 2; args[0] overrides):
 *   thread 0: add(1), remove(2), contains(1), remove(1), add(2)
 *   thread 1: add(1), remove(1), add(2), remove(1), contains(2)
 *   thread 2: contains(1), add(1), remove(2), contains(2), remove(1)
 * Asserted (History.checkSet): per key, initial presence + successful adds - successful
 * removes = final presence, and some interleaving of the calls (each thread's in
 * program order) explains all results. Prints the final set.
 */
public class ChmSetHigh {
    static final int CALLS = 2;

    public static void main(String[] args) throws InterruptedException {
        SetClient.high(new ChmSet(), args.length > 0 ? Integer.parseInt(args[0]) : CALLS);
    }
}
