// jvmc-check: verdict=ok
// outcome: list=[1, 2, 3]
// Sorted linked list with a ReentrantLock per node and hand-over-hand (lock coupling)
// insertion: a thread holds pred and curr while linking. Main inserts 2; then T1 inserts 1
// while T2 inserts 3 (walking past node 2 with lock coupling). Locks are taken in list
// order and held across the link, so no insert is lost and no deadlock is possible.
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

public class HandOverHandList {
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
        if (curr.key != key) {
            pred.next = new Node(key, curr);
        }
        curr.lock.unlock();
        pred.lock.unlock();
    }

    public static void main(String[] args) throws InterruptedException {
        insert(2);
        Thread t1 = new Thread(() -> insert(1));
        Thread t2 = new Thread(() -> insert(3));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        List<Integer> keys = new ArrayList<>();
        for (Node n = head.next; n.key != Integer.MAX_VALUE; n = n.next) keys.add(n.key);
        System.out.println("list=" + keys);
    }
}
