// jvmc-check: verdict=ok
// outcome: main=main n1=Thread-0 n2=worker n3=Thread-2 before=false during=true after=false
// Each unnamed Thread constructor takes the next "Thread-N" number, so t1=Thread-0, t2 used
// Thread-1 before setName("worker"), and t3=Thread-2; main is "main". isAlive is false
// before start, true while running (seen by the thread itself), false after join.
public class ThreadNamesAlive {
    static String n1, n2, n3;
    static boolean during;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            n1 = Thread.currentThread().getName();
            during = Thread.currentThread().isAlive();
        });
        Thread t2 = new Thread(() -> n2 = Thread.currentThread().getName());
        t2.setName("worker");
        Thread t3 = new Thread(() -> n3 = Thread.currentThread().getName());
        boolean before = t1.isAlive();
        t1.start();
        t2.start();
        t3.start();
        t1.join();
        t2.join();
        t3.join();
        boolean after = t1.isAlive() || t2.isAlive() || t3.isAlive();
        System.out.println("main=" + Thread.currentThread().getName() + " n1=" + n1 + " n2=" + n2
                + " n3=" + n3 + " before=" + before + " during=" + during + " after=" + after);
    }
}
