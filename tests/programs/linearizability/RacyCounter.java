/**
 * Not linearizable (`--linearizability counter:RacyCounter`): `incrementAndGet` reads
 * and writes a volatile field in two steps, so two increments can both return 1.
 */
public class RacyCounter {
    private volatile int value;

    public int incrementAndGet() {
        int next = value + 1;
        value = next;
        return next;
    }

    public int get() {
        return value;
    }

    public static void main(String[] args) throws Exception {
        RacyCounter c = new RacyCounter();
        Thread a = new Thread(c::incrementAndGet);
        Thread b = new Thread(c::incrementAndGet);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(c.get());
    }
}
