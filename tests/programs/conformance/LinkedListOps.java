import java.util.*;

public class LinkedListOps {
    public static void main(String[] args) {
        LinkedList<String> ll = new LinkedList<>(List.of("b", "c", "d"));
        ll.addFirst("a");
        ll.addLast("e");
        ll.add(2, "X");
        System.out.println(ll + " " + ll.getFirst() + " " + ll.getLast() + " " + ll.get(2) + " " + ll.indexOf("d") + " " + ll.size());
        System.out.println(ll.removeFirst() + " " + ll.removeLast() + " " + ll.remove(1) + " " + ll.remove("zzz") + " " + ll);
        ll.push("p");
        ll.offer("o");
        System.out.println(ll + " " + ll.peek() + " " + ll.peekLast() + " " + ll.pop() + " " + ll.poll() + " " + ll.pollLast() + " " + ll);
        ListIterator<String> it = ll.listIterator();
        while (it.hasNext()) {
            String s = it.next();
            if (s.equals("c")) {
                it.set("C");
                it.add("c2");
            }
        }
        System.out.println(ll);
        it = ll.listIterator(ll.size());
        while (it.hasPrevious()) {
            String s = it.previous();
            if (s.equals("b")) it.remove();
        }
        System.out.println(ll);
        LinkedList<Integer> nums = new LinkedList<>();
        for (int i = 0; i < 20; i++) nums.add(i);
        Iterator<Integer> i2 = nums.iterator();
        while (i2.hasNext()) if (i2.next() % 3 != 0) i2.remove();
        System.out.println(nums);
        Iterator<Integer> desc = nums.descendingIterator();
        StringBuilder sb = new StringBuilder();
        while (desc.hasNext()) sb.append(desc.next()).append(',');
        System.out.println(sb);
        nums.add(null);
        nums.addFirst(null);
        System.out.println(nums + " " + nums.indexOf(null) + " " + nums.lastIndexOf(null) + " " + nums.removeLastOccurrence(null) + " " + nums);
        LinkedList<String> empty = new LinkedList<>();
        System.out.println(empty.poll() + " " + empty.peekFirst() + " " + empty.pollLast());
        try {
            empty.getFirst();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE " + e.getMessage());
        }
        try {
            empty.get(0);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE " + e.getMessage());
        }
        try {
            ll.listIterator(100);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE " + e.getMessage());
        }
        LinkedList<Integer> josephus = new LinkedList<>();
        for (int i = 1; i <= 41; i++) josephus.add(i);
        StringBuilder order = new StringBuilder();
        int idx = 0;
        while (josephus.size() > 1) {
            idx = (idx + 2) % josephus.size();
            order.append(josephus.remove(idx)).append(' ');
        }
        System.out.println("josephus order " + order);
        System.out.println("survivor " + josephus.getFirst());
        LinkedList<Integer> sorted = new LinkedList<>(List.of(5, 3, 9, 1, 7));
        Collections.sort(sorted);
        System.out.println(sorted + " " + sorted.equals(List.of(1, 3, 5, 7, 9)) + " " + sorted.hashCode());
        Collections.reverse(sorted);
        System.out.println(sorted + " " + Collections.max(sorted) + " " + sorted.contains(7));
        Object[] a = sorted.toArray();
        System.out.println(a.length + " " + a[0]);
        LinkedList<Integer> cl = (LinkedList<Integer>) sorted.clone();
        cl.clear();
        System.out.println(sorted.size() + " " + cl.size() + " " + sorted.element() + " " + sorted.offerFirst(0) + " " + sorted.removeFirstOccurrence(9) + " " + sorted);
    }
}
