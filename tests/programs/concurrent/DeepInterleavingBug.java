// jvmc-check: verdict=violation kind=assertion
// The writer stores 1..8 into x one by one; the reader samples x three times and fails
// only if it sees exactly 2, then 5, then 8. That needs the reader's three reads to fall
// in three specific gaps of the writer's loop: a single, deep interleaving out of many.
public class DeepInterleavingBug {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= 8; i++) {
                x = i;
            }
        });
        Thread reader = new Thread(() -> {
            int a = x;
            int b = x;
            int c = x;
            assert !(a == 2 && b == 5 && c == 8) : "saw 2, 5, 8";
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("x=" + x);
    }
}
