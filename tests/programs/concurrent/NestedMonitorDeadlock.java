// jvmc-check: verdict=violation kind=deadlock
// jvmc-check: stateless
// Nested-monitor lockout: the consumer holds `outer` while it waits on `inner`; wait()
// releases only `inner`, so the producer blocks forever entering `outer` and can never
// notify. Deadlock whenever the consumer gets `outer` first and finds ready == false.
public class NestedMonitorDeadlock {
    static final Object outer = new Object();
    static final Object inner = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            synchronized (outer) {
                synchronized (inner) {
                    while (!ready) {
                        try {
                            inner.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }
        });
        Thread producer = new Thread(() -> {
            synchronized (outer) {
                synchronized (inner) {
                    ready = true;
                    inner.notify();
                }
            }
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
        System.out.println("done");
    }
}
