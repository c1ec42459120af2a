/**
 * A bounded buffer shared by producers and consumers, after the "Producer Consumer"
 * program of the CTC (IBM concurrency testing) repository used in the DFS-RB paper
 * (Section 5.1).
 *
 * <p>The original: producer threads put items into a fixed-size buffer and consumer
 * threads take them out; the buffer is a monitor whose methods wait while it is full
 * (put) or empty (take) and notify the other side after each change. In the paper a
 * race was injected by narrowing the scope of a synchronized block; up to 7 threads
 * run.
 *
 * <p>Our version (written from that description): {@link Buffer} is a circular array
 * of {@code capacity} slots with head, tail and a count of the items in it; put waits
 * while {@code count == capacity}, take waits while {@code count == 0}, both
 * {@code notifyAll} after a change. Each producer puts its own distinct items (never
 * 0: an empty slot holds 0), and the consumers together take exactly as many as were
 * put. A consumer asserts the item it took is not 0 (an empty slot) and was not taken
 * before; put asserts the count never exceeds the capacity; after joining everyone,
 * main asserts that every item was taken exactly once and the buffer is empty.
 *
 * <p>Injected race ({@code bug}): put's synchronized block was narrowed to the wait
 * and the write of the slot; the count is incremented (and the consumers notified)
 * in a second synchronized block. Between the two blocks the buffer holds one item
 * more than {@code count} says. If another producer enters then and sees room that is
 * not there, it writes into the slot of the oldest unconsumed item: that item is lost
 * and the count overflows (put: "count 3 > capacity 2"); or a consumer takes a slot
 * twice, or takes an empty one. This needs a nearly full buffer and a producer
 * preempted exactly between its two blocks. {@code fixed} does both in one block.
 *
 * <p>Threads: main, the producers and the consumers (defaults 2 and 2; the paper's
 * version ran up to 7 threads: {@code ProducerConsumer bug 3 3} has 6 workers).
 * Usage: {@code ProducerConsumer [bug|fixed] [producers] [consumers] [items] [capacity]}
 * (defaults {@code bug 2 2 3 2}, items per producer); recommended:
 * {@code ProducerConsumer bug} and {@code ProducerConsumer fixed}.
 */
// jvmc-rb: args=bug
// jvmc-rb: args=bug 3 3 2 2
// jvmc-rb: fixed=fixed
public class ProducerConsumer {

    static final class Buffer {
        final boolean buggy;
        final int[] slots;
        int head;
        int tail;
        int count;
        final boolean[] taken;

        Buffer(boolean buggy, int capacity, int items) {
            this.buggy = buggy;
            this.slots = new int[capacity];
            this.taken = new boolean[items + 1];
        }

        void put(int item) throws InterruptedException {
            if (buggy) {
                synchronized (this) {
                    while (count == slots.length) {
                        wait();
                    }
                    slots[tail] = item;
                    tail = (tail + 1) % slots.length;
                }
                synchronized (this) { // BUG: the count is updated in a second block
                    count++;
                    assert count <= slots.length : "count " + count + " > capacity " + slots.length;
                    notifyAll();
                }
            } else {
                synchronized (this) {
                    while (count == slots.length) {
                        wait();
                    }
                    slots[tail] = item;
                    tail = (tail + 1) % slots.length;
                    count++;
                    assert count <= slots.length : "count " + count + " > capacity " + slots.length;
                    notifyAll();
                }
            }
        }

        synchronized int take() throws InterruptedException {
            while (count == 0) {
                wait();
            }
            int item = slots[head];
            slots[head] = 0;
            head = (head + 1) % slots.length;
            count--;
            assert item != 0 : "took an empty slot";
            assert !taken[item] : "item " + item + " taken twice";
            taken[item] = true;
            notifyAll();
            return item;
        }

        synchronized int missing() {
            int missing = 0;
            for (int i = 1; i < taken.length; i++) {
                if (!taken[i]) {
                    missing++;
                }
            }
            return missing;
        }

        synchronized int count() {
            return count;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int producers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int consumers = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int items = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        int capacity = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        int total = producers * items;
        Buffer buffer = new Buffer(buggy, capacity, total);

        Thread[] threads = new Thread[producers + consumers];
        for (int p = 0; p < producers; p++) {
            final int first = p * items + 1;
            threads[p] = new Thread(() -> {
                try {
                    for (int i = 0; i < items; i++) {
                        buffer.put(first + i);
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
        }
        for (int c = 0; c < consumers; c++) {
            // share the takes out: the first (total % consumers) consumers take one more
            final int takes = total / consumers + (c < total % consumers ? 1 : 0);
            threads[producers + c] = new Thread(() -> {
                try {
                    for (int i = 0; i < takes; i++) {
                        buffer.take();
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        int missing = buffer.missing();
        assert missing == 0 : missing + " items never taken";
        assert buffer.count() == 0 : "buffer not empty: " + buffer.count();
        System.out.println("ProducerConsumer " + (buggy ? "bug" : "fixed") + ": " + total + " items passed");
    }
}
