// jvmc-check: verdict=ok
// outcome: x=0 group=false
// outcome: x=0 group=true
// outcome: x=1 group=false
// outcome: x=1 group=true
// Thread.exit() clears the thread's group field, which getThreadGroup() reads: main can
// read the thread's last write and still see its group (termination.rs).
public class GroupAfterWrite {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        boolean group = t.getThreadGroup() != null;
        System.out.println("x=" + r + " group=" + group);
        t.join();
    }
}
