import java.util.*;

public class PriorityQueueOps {
    static class Task {
        final String name;
        final int priority;
        final int seq;
        Task(String name, int priority, int seq) { this.name = name; this.priority = priority; this.seq = seq; }
        @Override public String toString() { return name + "(p" + priority + ",s" + seq + ")"; }
    }

    public static void main(String[] args) {
        PriorityQueue<Integer> pq = new PriorityQueue<>();
        int[] vals = {5, 3, 8, 1, 9, 2, 7, 3, 1, 10, -4};
        for (int v : vals) pq.add(v);
        System.out.println("size " + pq.size() + " peek " + pq.peek());
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println(sb);
        PriorityQueue<Integer> max = new PriorityQueue<>(Comparator.reverseOrder());
        for (int v : vals) max.offer(v);
        sb.setLength(0);
        while (!max.isEmpty()) sb.append(max.remove()).append(' ');
        System.out.println(sb);
        PriorityQueue<Task> tasks = new PriorityQueue<>(Comparator.comparingInt((Task t) -> t.priority).reversed().thenComparingInt(t -> t.seq));
        String[] names = {"write", "read", "sleep", "eat", "code", "test", "deploy", "review"};
        for (int i = 0; i < names.length; i++) tasks.add(new Task(names[i], (i * 7) % 4, i));
        while (!tasks.isEmpty()) System.out.println(tasks.poll());
        PriorityQueue<String> byLen = new PriorityQueue<>(Comparator.comparing(String::length).thenComparing(Comparator.naturalOrder()));
        byLen.addAll(List.of("ccc", "a", "bb", "aaa", "b", "dddd", "aa"));
        sb.setLength(0);
        while (!byLen.isEmpty()) sb.append(byLen.poll()).append(' ');
        System.out.println(sb);
        PriorityQueue<Integer> pq2 = new PriorityQueue<>(List.of(4, 1, 3));
        System.out.println(pq2.contains(3) + " " + pq2.remove(3) + " " + pq2.remove(42) + " " + pq2.poll() + " " + pq2.poll() + " " + pq2.poll() + " " + pq2.peek());
        try {
            pq2.element();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE");
        }
        try {
            pq2.add(null);
        } catch (NullPointerException e) {
            System.out.println("NPE for null");
        }
        Random r = new Random(2024);
        PriorityQueue<Integer> heap = new PriorityQueue<>();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            int v = r.nextInt(10000);
            heap.add(v);
            all.add(v);
        }
        Collections.sort(all);
        boolean ok = true;
        for (int v : all) if (heap.poll() != v) ok = false;
        System.out.println("heap sort matches " + ok);
        int[][] points = {{3, 3}, {5, -1}, {-2, 4}, {1, 1}, {0, 2}, {-1, -1}, {6, 0}};
        PriorityQueue<int[]> closest = new PriorityQueue<>((a, b) -> Integer.compare(b[0] * b[0] + b[1] * b[1], a[0] * a[0] + a[1] * a[1]));
        for (int[] p : points) {
            closest.add(p);
            if (closest.size() > 3) closest.poll();
        }
        List<String> res = new ArrayList<>();
        for (int[] p : closest) res.add(Arrays.toString(p));
        Collections.sort(res);
        System.out.println("closest " + res);
        PriorityQueue<Long> merged = new PriorityQueue<>();
        long[][] lists = {{1, 4, 7}, {2, 5, 8}, {0, 3, 6, 9}};
        for (long[] l : lists) for (long x : l) merged.add(x);
        System.out.println(merged.size() + " " + merged.comparator());
        sb.setLength(0);
        while (merged.size() > 0) sb.append(merged.poll());
        System.out.println(sb);
        PriorityQueue<Integer> it = new PriorityQueue<>(List.of(9, 8, 7, 6, 5));
        it.removeIf(x -> x % 2 == 0);
        sb.setLength(0);
        while (!it.isEmpty()) sb.append(it.poll()).append(',');
        System.out.println(sb);
        PriorityQueue<Integer> first = new PriorityQueue<>();
        for (int i = 10; i > 0; i--) first.add(i);
        System.out.println("internal array order " + first + " -> " + Arrays.toString(first.toArray()));
    }
}
