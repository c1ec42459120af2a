/**
 * POR benchmark structure: a coarse-grained hash map from int keys to non-negative int
 * values. Its own fixed array of 8 buckets of singly linked entries (no resizing);
 * every operation is synchronized on one lock object. put and remove return the
 * previous value, get the current one, NONE when the key is absent.
 */
public class LockedHashMap {
    public static final int NONE = -1;

    static final class Entry {
        final int key;
        int value;
        Entry next;

        Entry(int key, int value, Entry next) {
            this.key = key;
            this.value = value;
            this.next = next;
        }
    }

    private final Object lock = new Object();
    private final Entry[] buckets = new Entry[8];

    private int index(int key) {
        int h = key ^ (key >>> 16);
        return h & (buckets.length - 1);
    }

    public int put(int key, int value) {
        synchronized (lock) {
            int i = index(key);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == key) {
                    int old = e.value;
                    e.value = value;
                    return old;
                }
            }
            buckets[i] = new Entry(key, value, buckets[i]);
            return NONE;
        }
    }

    public int remove(int key) {
        synchronized (lock) {
            int i = index(key);
            Entry prev = null;
            for (Entry e = buckets[i]; e != null; prev = e, e = e.next) {
                if (e.key == key) {
                    if (prev == null) {
                        buckets[i] = e.next;
                    } else {
                        prev.next = e.next;
                    }
                    return e.value;
                }
            }
            return NONE;
        }
    }

    public int get(int key) {
        synchronized (lock) {
            for (Entry e = buckets[index(key)]; e != null; e = e.next) {
                if (e.key == key) {
                    return e.value;
                }
            }
            return NONE;
        }
    }

    /** Entries by ascending key, e.g. {1=101, 2=202}. */
    @Override
    public String toString() {
        synchronized (lock) {
            StringBuilder sb = new StringBuilder("{");
            int last = Integer.MIN_VALUE;
            while (true) {
                // Smallest key above last: the map is tiny, so a selection pass is fine.
                Entry next = null;
                for (Entry head : buckets) {
                    for (Entry e = head; e != null; e = e.next) {
                        if (e.key > last && (next == null || e.key < next.key)) {
                            next = e;
                        }
                    }
                }
                if (next == null) {
                    return sb.append('}').toString();
                }
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                sb.append(next.key).append('=').append(next.value);
                last = next.key;
            }
        }
    }
}
