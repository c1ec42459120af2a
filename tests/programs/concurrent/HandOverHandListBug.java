// jvmc-check: verdict=violation kind=assertion
// BUGGY hand-over-hand list: insert releases pred's lock BEFORE linking the new node
// (holding only curr). Bad run: T1 (key 1) finds head/tail, unlocks head; T2 (key 2)
// locks head, reads curr=tail and blocks on tail; T1 links 1 and unlocks tail; T2 links
// head.next = 2 -> tail with its stale curr, dropping node 1. The size assertion fails.
import java.util.concurrent.locks.ReentrantLock;

public class HandOverHandListBug {
    static final class Node {
        final int key;
        Node next;
        final ReentrantLock lock = new ReentrantLock();

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    static final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    static void insert(int key) {
        Node pred = head;
        pred.lock.lock();
        Node curr = pred.next;
        curr.lock.lock();
        while (curr.key < key) {
            pred.lock.unlock();
            pred = curr;
            curr = curr.next;
            curr.lock.lock();
        }
        pred.lock.unlock(); // BUG: pred must stay locked until the new node is linked
        if (curr.key != key) {
            pred.next = new Node(key, curr);
        }
        curr.lock.unlock();
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> insert(1));
        Thread t2 = new Thread(() -> insert(2));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        int size = 0;
        for (Node n = head.next; n.key != Integer.MAX_VALUE; n = n.next) size++;
        assert size == 2 : "lost insert: size=" + size;
        System.out.println("size=" + size);
    }
}
