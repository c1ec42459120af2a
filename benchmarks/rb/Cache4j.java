import java.util.HashMap;
import java.util.Map;

/**
 * A bounded object cache in the spirit of Cache4j (the cache4j library as packaged in
 * the PJBench suite). Cache4j keeps objects in a map of cache entries that also record
 * their use (access count, last access), bounds the cache by a maximum number of
 * objects, and on overflow evicts entries chosen by a pluggable algorithm (LRU, LFU,
 * FIFO); its {@code SynchronizedCache} guards every operation with the cache's monitor.
 * The PJBench test runs client threads that put, get and remove objects concurrently;
 * the DFS-RB paper (Pavela, Parízek et al.) used it with two threads and a race injected
 * by narrowing the scope of a synchronized block.
 *
 * <p>Our version: {@link LruCache} maps integer keys to entries kept in a doubly linked
 * list in order of use (most recent first), with an entry counter {@code size} and a
 * {@code capacity}; {@code get} moves the entry to the front, {@code put} replaces the
 * value of a present key or inserts a new entry at the front, evicting the least
 * recently used entry first when the cache is full, and {@code remove} unlinks the
 * entry. Every mutation ends by checking the cache's invariant under the monitor: the
 * counter equals the map's size and the list's length, the capacity is respected, and
 * every listed entry is the one the map holds for its key. The clients use the cache
 * cache-aside (see {@link Client}): each first misses on its own two cold and two hot
 * keys (a warm-up of four puts), then reads its hot keys many times (all hits, since the
 * hot keys of both clients fit), then invalidates its cold keys; the value stored for
 * key k is always {@code 100 * k}, so a {@code get} must return that or nothing. With
 * the default capacity of 3 per client, the cache overflows only while both clients are
 * still warming up (a client that finished has invalidated its cold keys or let them
 * become the least recently used entries).
 * Main checks the invariant again after joining the clients.
 *
 * <p>The bug ({@code bug}): the synchronized block of {@code put} was narrowed to the
 * cases that need no eviction (replacing a present key, inserting while there is room);
 * a put into a full cache evicts the least recently used entry and inserts in two more
 * synchronized steps, where the fixed {@code put} is one synchronized method. If the
 * other client inserts a key between the eviction and the insertion, it takes the room,
 * and the insertion makes the cache hold one entry too many: the invariant check at its
 * end fails ("size 7 exceeds capacity 6"). That needs both clients in the last put of
 * their warm-up at the moment the cache fills, early in the run.
 *
 * <p>Threads: main (starts, joins, checks) and 2 clients by default. Usage:
 * {@code Cache4j [bug|fixed] [clients] [steady reads per client] [capacity]}, defaults
 * {@code bug 2 12 6} (capacity 3 × clients); the recommended arguments are the defaults
 * (the steady reads after the warm-up decide how long plain DFS takes).
 */
// jvmc-rb: args=bug
// jvmc-rb: fixed=fixed
public class Cache4j {

    /** A small deterministic linear congruential generator. */
    static final class Lcg {
        private long state;

        Lcg(long seed) {
            state = seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        }

        int next(int bound) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            return (int) ((state >>> 33) % bound);
        }
    }

    /** A cache entry, linked into the use-order list. */
    static final class Entry {
        final int key;
        int value;
        Entry prev;
        Entry next;

        Entry(int key, int value) {
            this.key = key;
            this.value = value;
        }
    }

    /** The synchronized LRU cache. */
    static final class LruCache {
        private final boolean racy;
        private final int capacity;
        private final Map<Integer, Entry> map = new HashMap<>();
        private final Entry head = new Entry(-1, 0); // sentinel: head.next is the most recent
        private int size;
        int evictions;

        LruCache(int capacity, boolean racy) {
            this.capacity = capacity;
            this.racy = racy;
            head.prev = head;
            head.next = head;
        }

        private void unlink(Entry e) {
            e.prev.next = e.next;
            e.next.prev = e.prev;
            e.prev = null;
            e.next = null;
        }

        private void linkFirst(Entry e) {
            e.next = head.next;
            e.prev = head;
            head.next.prev = e;
            head.next = e;
        }

        synchronized Integer get(int key) {
            Entry e = map.get(key);
            if (e == null) {
                return null;
            }
            unlink(e);
            linkFirst(e);
            return e.value;
        }

        synchronized boolean remove(int key) {
            Entry e = map.remove(key);
            if (e == null) {
                return false;
            }
            unlink(e);
            size--;
            checkInvariant();
            return true;
        }

        void put(int key, int value) {
            if (racy) {
                putRacy(key, value);
            } else {
                putAtomic(key, value);
            }
        }

        private synchronized void putAtomic(int key, int value) {
            if (!replace(key, value)) {
                if (size >= capacity) {
                    evictEldest();
                }
                insert(key, value);
            }
            checkInvariant();
        }

        private void putRacy(int key, int value) {
            synchronized (this) {
                if (replace(key, value)) {
                    return;
                }
                if (size < capacity) {
                    insert(key, value);
                    checkInvariant();
                    return;
                }
            }
            // BUG: the synchronized block above was narrowed to the cases that need no
            // eviction; a full cache is made room in and inserted into in two more
            // steps, between which the other client can fill the room or insert the key.
            synchronized (this) {
                evictEldest();
            }
            synchronized (this) {
                insert(key, value);
                checkInvariant();
            }
        }

        private boolean replace(int key, int value) {
            Entry e = map.get(key);
            if (e == null) {
                return false;
            }
            e.value = value;
            unlink(e);
            linkFirst(e);
            return true;
        }

        private void evictEldest() {
            Entry eldest = head.prev;
            if (eldest != head) {
                unlink(eldest);
                map.remove(eldest.key);
                size--;
                evictions++;
            }
        }

        private void insert(int key, int value) {
            Entry e = new Entry(key, value);
            map.put(key, e);
            linkFirst(e);
            size++;
        }

        synchronized void checkInvariant() {
            assert size <= capacity : "size " + size + " exceeds capacity " + capacity;
            assert size == map.size() : "size " + size + " but the map holds " + map.size();
            int listed = 0;
            for (Entry e = head.next; e != head; e = e.next) {
                listed++;
                assert map.get(e.key) == e : "listed entry for key " + e.key + " is not in the map";
            }
            assert listed == size : "size " + size + " but " + listed + " entries listed";
        }

        synchronized int size() {
            return size;
        }
    }

    /**
     * A client using the cache cache-aside: on a miss it loads the object (its value is
     * {@code 100 * key}) and puts it. Client c owns keys 4c .. 4c+3: it first reads its two
     * cold keys and its two hot keys once (warm-up: four misses), then reads its hot keys
     * {@code steady} times in an order drawn from its own generator, and finally
     * invalidates its cold keys.
     */
    static final class Client extends Thread {
        private final LruCache cache;
        private final int id;
        private final int steady;
        int hits;
        int misses;

        Client(LruCache cache, int id, int steady) {
            this.cache = cache;
            this.id = id;
            this.steady = steady;
        }

        private void read(int key) {
            Integer v = cache.get(key);
            if (v == null) {
                misses++;
                cache.put(key, 100 * key);
            } else {
                assert v == 100 * key : "key " + key + " maps to " + v;
                hits++;
            }
        }

        @Override
        public void run() {
            int base = 4 * id;
            for (int k = 0; k < 4; k++) {
                read(base + k); // cold keys base, base+1; hot keys base+2, base+3
            }
            Lcg rng = new Lcg(id + 1);
            for (int i = 0; i < steady; i++) {
                read(base + 2 + rng.next(2));
            }
            cache.remove(base);
            cache.remove(base + 1);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean racy = args.length < 1 || !args[0].equals("fixed");
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int steady = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        int capacity = args.length > 3 ? Integer.parseInt(args[3]) : 3 * clients;

        LruCache cache = new LruCache(capacity, racy);
        Client[] cs = new Client[clients];
        for (int i = 0; i < clients; i++) {
            cs[i] = new Client(cache, i, steady);
        }
        for (Client c : cs) {
            c.start();
        }
        int hits = 0;
        int misses = 0;
        for (Client c : cs) {
            c.join();
            hits += c.hits;
            misses += c.misses;
        }
        cache.checkInvariant();
        System.out.println("Cache4j: " + cache.size() + " entries, " + hits + " hits, " + misses
                + " misses, " + cache.evictions + " evictions");
    }
}
