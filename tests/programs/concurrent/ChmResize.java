// jvmc-check: verdict=ok
// outcome: size=3 sum=60 keys=123
// A ConcurrentHashMap created with initial capacity 2 has a 4-bin table that is resized
// (to 8 bins) by whichever put adds the third key; T1 inserts two keys and T2 one, so the
// resize can run concurrently with the other thread's put (which may then help the
// transfer or wait for it). All 3 entries must survive with their values.
import java.util.concurrent.ConcurrentHashMap;

public class ChmResize {
    static final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>(2);

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            map.put(1, 10);
            map.put(3, 30);
        });
        Thread t2 = new Thread(() -> {
            map.put(2, 20);
        });
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
