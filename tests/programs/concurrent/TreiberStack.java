// jvmc-check: verdict=ok
// outcome: pop=null rest=[2, 1]
// outcome: pop=1 rest=[2]
// outcome: pop=2 rest=[1]
// Lock-free Treiber stack (AtomicReference top, CAS retry loops). T1 pushes 1 then 2 while
// T2 pops once. The stack is linearizable, so the pop takes effect before, between or after
// the pushes: null, 1 or 2, and the remaining contents (top first) are determined by it.
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

public class TreiberStack {
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
        while (true) {
            Node h = top.get();
            n.next = h;
            if (top.compareAndSet(h, n)) return;
        }
    }

    static Integer pop() {
        while (true) {
            Node h = top.get();
            if (h == null) return null;
            if (top.compareAndSet(h, h.next)) return h.value;
        }
    }

    static Integer popped;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            push(1);
            push(2);
        });
        Thread t2 = new Thread(() -> popped = pop());
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        List<Integer> rest = new ArrayList<>();
        for (Node n = top.get(); n != null; n = n.next) rest.add(n.value);
        System.out.println("pop=" + popped + " rest=" + rest);
    }
}
