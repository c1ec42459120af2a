// jvmc-check: verdict=ok
// outcome: m1=1 m2=2 k=2 a=1 b=2 size=3
// outcome: m1=2 m2=1 k=2 a=1 b=2 size=3
// Two threads merge(+1) the same ConcurrentHashMap key and each also inserts its own key
// (put / compute). merge is atomic, so k ends at 2 and the two merge results are 1 and 2
// in either order; the other keys and the size are always the same.
import java.util.concurrent.ConcurrentHashMap;

public class ChmMergeCompute {
    static final ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
    static int m1, m2;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            m1 = map.merge("k", 1, Integer::sum);
            map.put("a", 1);
        });
        Thread t2 = new Thread(() -> {
            m2 = map.merge("k", 1, Integer::sum);
            map.compute("b", (key, v) -> v == null ? 2 : v + 2);
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("m1=" + m1 + " m2=" + m2 + " k=" + map.get("k") + " a=" + map.get("a")
                + " b=" + map.get("b") + " size=" + map.size());
    }
}
