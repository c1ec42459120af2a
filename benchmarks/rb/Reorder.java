/**
 * The classic reorder bug (as in the CHESS and SV-COMP {@code reorder} programs):
 * setter threads write {@code a = 1} and then {@code b = -1}; checker threads read
 * {@code a} and then {@code b} and assert they saw both writes or neither. A checker
 * that runs between a setter's two writes (or reads {@code a} before and {@code b}
 * after them) fails. With many setters started before the checkers, depth-first
 * search reaches that interleaving only after exhausting the setters' orders. Usage:
 * {@code Reorder [setters] [checkers]} (default 19 and 1: 20 threads besides main).
 */
// jvmc-rb: args=8 1
// jvmc-rb: fixed=0 2
public class Reorder {
    static int a;
    static int b;

    public static void main(String[] args) throws InterruptedException {
        int setters = args.length > 0 ? Integer.parseInt(args[0]) : 19;
        int checkers = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        Thread[] threads = new Thread[setters + checkers];
        for (int i = 0; i < setters; i++) {
            threads[i] = new Thread(() -> {
                a = 1;
                b = -1;
            });
        }
        for (int i = 0; i < checkers; i++) {
            threads[setters + i] = new Thread(() -> {
                int x = a;
                int y = b;
                assert (x == 0 && y == 0) || (x == 1 && y == -1) : "reordered: a = " + x + ", b = " + y;
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
    }
}
