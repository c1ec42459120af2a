// jvmc-check: verdict=ok
// outcome: mid=0 final=2 count=2
// outcome: mid=1 final=2 count=2
// outcome: mid=2 final=2 count=2
// Two threads put one key each while main reads size() concurrently. Contended updates
// of the size counter fall back to CounterCells (when a CAS on baseCount fails). size()
// sums baseCount and the cells, each added once, so main sees 0, 1 or 2 and then 2.
import java.util.concurrent.ConcurrentHashMap;

public class ChmSizeCounting {
    static final ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> map.put("a", 1));
        Thread t2 = new Thread(() -> map.put("b", 2));
        t1.start();
        t2.start();
        int mid = map.size();
        t1.join();
        t2.join();
        System.out.println("mid=" + mid + " final=" + map.size() + " count=" + map.mappingCount());
    }
}
