// jvmc-check: verdict=violation kind=uncaught-exception
// jvmc-check: stateless
// A worker throws an IllegalStateException that nobody catches; main still joins it
// (join returns normally once the thread has died) and sees it dead. The worker's uncaught
// exception is itself a violation, reported as uncaught-exception (not assertion).
public class JoinThrowingThread {
    static int progress;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> {
            progress = 1;
            throw new IllegalStateException("worker failed");
        });
        w.start();
        w.join();
        System.out.println("alive=" + w.isAlive() + " progress=" + progress);
    }
}
