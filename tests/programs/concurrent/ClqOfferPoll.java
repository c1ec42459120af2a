// jvmc-check: verdict=ok
// outcome: p1=null p2=null rest=[1, 2]
// outcome: p1=null p2=1 rest=[2]
// outcome: p1=1 p2=null rest=[2]
// outcome: p1=1 p2=2 rest=[]
// ConcurrentLinkedQueue: T1 offers 1 then 2, T2 polls twice. The queue is linearizable
// and FIFO: T2 gets null until 1 is offered, never 2 before 1, and whatever it did not
// take remains in order. These four combinations are exactly the admitted outcomes.
import java.util.concurrent.ConcurrentLinkedQueue;

public class ClqOfferPoll {
    static final ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
    static Integer p1, p2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            q.offer(1);
            q.offer(2);
        });
        Thread t2 = new Thread(() -> {
            p1 = q.poll();
            p2 = q.poll();
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("p1=" + p1 + " p2=" + p2 + " rest=" + q);
    }
}
