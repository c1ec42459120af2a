// jvmc-check: verdict=violation kind=non-termination
// jvmc-check: options=--transition-budget 2000000
// Issue 9, defect 0: a thread that reads an odd value loops forever on its own locals,
// never reaching another scheduling point. Its transition exhausts the instruction
// budget: a non-termination violation, with the looping thread's stack.
public class NonTerminatingLocalLoop {
    static int start;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            int i = start;
            while (i != 0) {
                i += 2;
            }
        });
        t.start();
        start = 1;
        t.join();
    }
}
