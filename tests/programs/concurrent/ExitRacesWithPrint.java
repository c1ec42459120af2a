// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: 
// outcome: main saw
// outcome: main saw\nworker
// outcome: worker
// outcome: worker\nmain saw
// System.exit ends the program at once: the worker still running is cut short, so
// its print may or may not happen before the exit, and main may or may not see its
// flag first. The exit disables every other thread for good, so it is dependent
// with every step they take (a search that took it for independent of the worker's
// steps found three of these outcomes).
public class ExitRacesWithPrint {
    static volatile boolean flag;

    public static void main(String[] args) {
        new Thread(() -> {
            flag = true;
            System.out.println("worker");
        }).start();
        if (flag) {
            System.out.println("main saw");
        }
        System.exit(0);
    }
}
