// jvmc-check: verdict=ok
// outcome: 0 0 copied 0 0
// outcome: 0 0 copied 7 0
// outcome: 0 0 copied 7 8
// outcome: 0 4 copied 0 0
// outcome: 0 4 copied 7 0
// outcome: 0 4 copied 7 8
// outcome: 1 4 copied 0 0
// outcome: 1 4 copied 7 0
// outcome: 1 4 copied 7 8
// System.arraycopy into a shared array writes its elements, and out of one reads them:
// a scheduling point, and dependent on the other threads' accesses to those elements.
// Partial-order reduction once missed "0 4" and "1 4" (the copy's writes were not in
// its transition's label, so it looked independent of main's reads). The copy is one
// atomic operation, so the torn "1 0" is not an outcome (see ARCHITECTURE.md).
public class ArraycopyIsASharedAccess {
    static final int[] shared = new int[4];
    static final int[] source = new int[2];
    static String copied;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            int[] local = {1, 2, 3, 4};
            System.arraycopy(local, 0, shared, 0, 4);
        });
        writer.start();
        int a = shared[0];
        int b = shared[3];
        writer.join();

        // the other direction: a copy out of an array another thread writes
        Thread reader = new Thread(() -> {
            int[] local = new int[2];
            System.arraycopy(source, 0, local, 0, 2);
            copied = local[0] + " " + local[1];
        });
        reader.start();
        source[0] = 7;
        source[1] = 8;
        reader.join();
        System.out.println(a + " " + b + " copied " + copied);
    }
}
