// jvmc-check: verdict=violation kind=assertion
// BUGGY client: lazy registration with containsKey() followed by put() (check-then-act)
// instead of putIfAbsent. Both threads can see the key absent and both "create" it, so
// the assertion that exactly one creation happened fails.
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

public class ChmCheckThenAct {
    static final ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>();
    static final AtomicInteger created = new AtomicInteger();

    static void register(String who) {
        if (!map.containsKey("service")) {
            map.put("service", who);
            created.incrementAndGet();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> register("A"));
        Thread t2 = new Thread(() -> register("B"));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert created.get() == 1 : "created " + created.get() + " times";
        System.out.println("owner=" + map.get("service"));
    }
}
