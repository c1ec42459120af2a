import java.util.*;

public class ArrayDequeOps {
    public static void main(String[] args) {
        ArrayDeque<Integer> dq = new ArrayDeque<>();
        for (int i = 0; i < 10; i++) {
            if (i % 2 == 0) dq.addFirst(i);
            else dq.addLast(i);
        }
        System.out.println(dq + " " + dq.size() + " " + dq.peekFirst() + " " + dq.peekLast() + " " + dq.getFirst() + " " + dq.getLast());
        System.out.println(dq.pollFirst() + " " + dq.pollLast() + " " + dq.removeFirst() + " " + dq.removeLast() + " " + dq);
        dq.push(100);
        dq.offer(200);
        dq.offerFirst(300);
        dq.offerLast(400);
        System.out.println(dq + " pop " + dq.pop() + " poll " + dq.poll() + " peek " + dq.peek() + " element " + dq.element());
        Iterator<Integer> desc = dq.descendingIterator();
        StringBuilder sb = new StringBuilder();
        while (desc.hasNext()) sb.append(desc.next()).append(' ');
        System.out.println("desc " + sb);
        System.out.println(dq.removeFirstOccurrence(3) + " " + dq.removeLastOccurrence(999) + " " + dq.contains(5) + " " + dq);
        ArrayDeque<String> empty = new ArrayDeque<>();
        System.out.println(empty.pollFirst() + " " + empty.peekLast() + " " + empty.poll());
        try {
            empty.removeFirst();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE removeFirst " + e.getMessage());
        }
        try {
            empty.pop();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE pop " + e.getMessage());
        }
        try {
            empty.element();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE element " + e.getMessage());
        }
        try {
            empty.getLast();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE getLast " + e.getMessage());
        }
        try {
            empty.addFirst(null);
        } catch (NullPointerException e) {
            System.out.println("NPE on null element");
        }
        Deque<Character> stack = new ArrayDeque<>();
        String[] exprs = {"([]{})", "([)]", "((", "", "{[()()]}", "}"};
        for (String ex : exprs) {
            stack.clear();
            boolean ok = true;
            for (char c : ex.toCharArray()) {
                if ("([{".indexOf(c) >= 0) stack.push(c);
                else {
                    if (stack.isEmpty()) { ok = false; break; }
                    char open = stack.pop();
                    if ("([{".indexOf(open) != ")]}".indexOf(c)) { ok = false; break; }
                }
            }
            System.out.println("\"" + ex + "\" balanced=" + (ok && stack.isEmpty()));
        }
        ArrayDeque<Integer> big = new ArrayDeque<>(4);
        for (int i = 0; i < 1000; i++) {
            big.addLast(i);
            if (i % 3 == 0) big.pollFirst();
        }
        System.out.println(big.size() + " " + big.peekFirst() + " " + big.peekLast());
        int sum = 0;
        for (int v : big) sum += v;
        System.out.println("sum " + sum);
        big.removeIf(v -> v % 5 != 0);
        System.out.println(big.size() + " " + big.peekFirst());
        Object[] arr = new ArrayDeque<>(List.of(1, 2, 3)).toArray();
        System.out.println(Arrays.toString(arr));
        Queue<String> q = new ArrayDeque<>();
        q.add("a");
        q.add("b");
        q.add("c");
        StringBuilder order = new StringBuilder();
        while (!q.isEmpty()) order.append(q.remove());
        System.out.println(order);
        ArrayDeque<Integer> bfs = new ArrayDeque<>();
        boolean[] seen = new boolean[64];
        bfs.add(1);
        seen[1] = true;
        StringBuilder visit = new StringBuilder();
        while (!bfs.isEmpty()) {
            int n = bfs.poll();
            visit.append(n).append(' ');
            for (int m : new int[]{n * 2, n * 3, n + 7}) {
                if (m < 64 && !seen[m]) {
                    seen[m] = true;
                    bfs.add(m);
                }
            }
        }
        System.out.println(visit);
        ArrayDeque<Integer> clone = big.clone();
        clone.clear();
        System.out.println(big.size() + " " + clone.size());
    }
}
