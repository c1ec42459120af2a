// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: r1=0 r2=0
// outcome: r1=0 r2=1
// outcome: r1=1 r2=1
// Message passing (MP): T1: data=1; flag=1  ||  T2: r1=flag; r2=data. Under SC, seeing the
// flag (r1=1) implies data was written before, so r1=1 r2=0 is forbidden; the other three
// results are reachable.
public class LitmusMP {
    static volatile int data, flag;
    static int r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            data = 1;
            flag = 1;
        });
        Thread t2 = new Thread(() -> {
            r1 = flag;
            r2 = data;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("r1=" + r1 + " r2=" + r2);
    }
}
