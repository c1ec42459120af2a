// jvmc-check: verdict=ok
// outcome: size=3 sum=60 keys=123
// A ConcurrentHashMap created with initial capacity 2 has a 4-bin table that is resized
// (to 8 bins) by the put that adds the third key. Main inserts key 1, then T1 and T2 insert
// keys 2 and 3 concurrently: whichever comes second resizes, possibly while the other's
// put is still in progress. All 3 entries must survive with their values.
import java.util.concurrent.ConcurrentHashMap;

public class ChmResize {
    static final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>(2);

    public static void main(String[] args) throws InterruptedException {
        map.put(1, 10);
        Thread t1 = new Thread(() -> map.put(2, 20));
        Thread t2 = new Thread(() -> map.put(3, 30));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        int sum = 0;
        StringBuilder keys = new StringBuilder();
        for (int k = 1; k <= 3; k++) {
            Integer v = map.get(k);
            assert v != null && v == k * 10 : "lost entry " + k;
            sum += v;
            if (map.containsKey(k)) keys.append(k);
        }
        System.out.println("size=" + map.size() + " sum=" + sum + " keys=" + keys);
    }
}
