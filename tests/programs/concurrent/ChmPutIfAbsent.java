// jvmc-check: verdict=ok
// outcome: winner=A value=A calls=1
// outcome: winner=B value=B calls=1
// The fixed registration: putIfAbsent returns null to exactly one thread (the winner, whose
// value stays), and computeIfAbsent runs its mapping function at most once per key even
// when both threads call it concurrently. Either thread may win.
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

public class ChmPutIfAbsent {
    static final ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>();
    static final AtomicInteger calls = new AtomicInteger();
    static volatile String winner = "none";

    static void register(String who) {
        if (map.putIfAbsent("service", who) == null) {
            assert winner.equals("none") : "two winners";
            winner = who;
        }
        map.computeIfAbsent("cache", k -> "v" + calls.incrementAndGet());
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> register("A"));
        Thread t2 = new Thread(() -> register("B"));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("winner=" + winner + " value=" + map.get("service") + " calls=" + calls.get());
    }
}
