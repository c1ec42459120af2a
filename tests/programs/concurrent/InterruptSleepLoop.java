// jvmc-check: verdict=ok
// outcome: result=interrupted flag=false
// The worker sleeps in an endless loop and can only leave it through InterruptedException.
// Main interrupts it and joins: in every run the worker ends up interrupted, and throwing
// InterruptedException clears the interrupt status (flag=false).
public class InterruptSleepLoop {
    static String result = "none";
    static boolean flag = true;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(1000);
                }
            } catch (InterruptedException e) {
                flag = Thread.currentThread().isInterrupted();
                result = "interrupted";
            }
        });
        w.start();
        w.interrupt();
        w.join();
        System.out.println("result=" + result + " flag=" + flag);
    }
}
