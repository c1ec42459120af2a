// jvmc-check: verdict=violation kind=assertion
// jvmc-check: stateless
// BUGGY lock-free stack: push reads top and then sets it with a plain set() instead of a
// compareAndSet. Two concurrent pushes can both read the same old top; the second set
// overwrites the first, losing a push, so the assertion that the stack holds 2 nodes fails.
import java.util.concurrent.atomic.AtomicReference;

public class BrokenStack {
    static final class Node {
        final int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    static final AtomicReference<Node> top = new AtomicReference<>();

    static void push(int v) {
        Node n = new Node(v);
        Node h = top.get();
        n.next = h;
        top.set(n);
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> push(1));
        Thread t2 = new Thread(() -> push(2));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        int size = 0;
        for (Node n = top.get(); n != null; n = n.next) size++;
        assert size == 2 : "lost push: size=" + size;
        System.out.println("size=" + size);
    }
}
