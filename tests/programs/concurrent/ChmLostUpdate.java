// jvmc-check: verdict=violation kind=assertion
// BUGGY client: two threads increment a ConcurrentHashMap counter with get() then put()
// instead of merge/compute. Each call is atomic but the pair is not: both can read 0 and
// both put 1, losing an increment, so the final assertion value == 2 fails.
import java.util.concurrent.ConcurrentHashMap;

public class ChmLostUpdate {
    static final ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();

    static void increment() {
        Integer v = map.get("k");
        map.put("k", v == null ? 1 : v + 1);
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(ChmLostUpdate::increment);
        Thread t2 = new Thread(ChmLostUpdate::increment);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        int value = map.get("k");
        assert value == 2 : "lost update: " + value;
        System.out.println("value=" + value);
    }
}
