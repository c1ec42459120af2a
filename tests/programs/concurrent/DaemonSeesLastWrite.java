// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: 
// outcome: seen
// The program ends when its last non-daemon thread terminates, which cuts a daemon
// thread short: a daemon can still see the last thread's final write before that
// thread terminates. (A termination that could end the program while a daemon runs
// stays a step of its own: termination.rs.)
public class DaemonSeesLastWrite {
    static volatile boolean flag;

    public static void main(String[] args) {
        Thread d = new Thread(() -> {
            if (flag) {
                System.out.println("seen");
            }
        });
        d.setDaemon(true);
        d.start();
        new Thread(() -> flag = true).start();
    }
}
