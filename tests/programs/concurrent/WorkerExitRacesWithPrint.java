// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: 
// outcome: main
// outcome: main\nworker saw
// outcome: worker saw
// outcome: worker saw\nmain
// ExitRacesWithPrint with the roles swapped, so that the thread that exits comes
// last in the default thread order: the worker calls System.exit, cutting main short
// (or not, if main has printed and ended by then).
public class WorkerExitRacesWithPrint {
    static volatile boolean flag;

    public static void main(String[] args) {
        new Thread(() -> {
            if (flag) {
                System.out.println("worker saw");
            }
            System.exit(0);
        }).start();
        flag = true;
        System.out.println("main");
    }
}
