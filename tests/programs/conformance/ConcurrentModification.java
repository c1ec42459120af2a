import java.util.*;

public class ConcurrentModification {
    interface Action { void run() throws Exception; }
    static void attempt(String label, Action a) {
        try {
            a.run();
            System.out.println(label + ": completed");
        } catch (ConcurrentModificationException e) {
            System.out.println(label + ": CME " + e.getMessage());
        } catch (Exception e) {
            System.out.println(label + ": " + e.getClass().getName());
        }
    }

    public static void main(String[] args) {
        attempt("ArrayList remove during foreach", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4, 5));
            for (Integer x : l) if (x == 2) l.remove(x);
        });
        attempt("ArrayList remove second-to-last (no CME quirk)", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4, 5));
            for (Integer x : l) if (x == 4) l.remove(x);
            System.out.println("  list now " + l);
        });
        attempt("ArrayList add during foreach", () -> {
            List<String> l = new ArrayList<>(List.of("a", "b"));
            for (String s : l) l.add(s + s);
        });
        attempt("iterator.remove is fine", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
            Iterator<Integer> it = l.iterator();
            while (it.hasNext()) if (it.next() % 2 == 0) it.remove();
            System.out.println("  list now " + l);
        });
        attempt("iterator.remove twice", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2));
            Iterator<Integer> it = l.iterator();
            it.next();
            it.remove();
            it.remove();
        });
        attempt("iterator.remove before next", () -> new ArrayList<>(List.of(1)).iterator().remove());
        attempt("HashMap put during keySet iteration", () -> {
            Map<String, Integer> m = new HashMap<>(Map.of("a", 1, "b", 2, "c", 3));
            for (String k : m.keySet()) m.put(k + "x", 0);
        });
        attempt("HashMap value update during iteration ok", () -> {
            Map<String, Integer> m = new HashMap<>();
            m.put("a", 1);
            m.put("b", 2);
            for (String k : m.keySet()) m.put(k, 10);
            System.out.println("  map " + m);
        });
        attempt("HashMap remove during entrySet", () -> {
            Map<Integer, Integer> m = new HashMap<>();
            for (int i = 0; i < 10; i++) m.put(i, i);
            for (Map.Entry<Integer, Integer> e : m.entrySet()) if (e.getKey() == 3) m.remove(3);
        });
        attempt("TreeMap modify during iteration", () -> {
            TreeMap<Integer, Integer> m = new TreeMap<>();
            for (int i = 0; i < 5; i++) m.put(i, i);
            for (int k : m.keySet()) if (k == 1) m.put(10, 10);
        });
        attempt("LinkedList add during iteration", () -> {
            LinkedList<Integer> l = new LinkedList<>(List.of(1, 2, 3));
            for (int x : l) if (x == 1) l.addFirst(0);
        });
        attempt("ArrayDeque modify during iteration", () -> {
            ArrayDeque<Integer> d = new ArrayDeque<>(List.of(1, 2, 3));
            for (int x : d) if (x == 1) d.addLast(9);
        });
        attempt("subList after structural change", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4));
            List<Integer> sub = l.subList(1, 3);
            l.add(5);
            System.out.println(sub.size());
        });
        attempt("forEach with modification", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3));
            l.forEach(x -> { if (x == 2) l.add(4); });
        });
        attempt("removeIf is fine", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4));
            l.removeIf(x -> x > 2);
            System.out.println("  " + l);
        });
        attempt("stream over modified source", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3));
            l.stream().forEach(x -> { if (x == 1) l.add(7); });
        });
        attempt("HashMap computeIfAbsent recursion", () -> {
            Map<Integer, Integer> memo = new HashMap<>();
            memo.computeIfAbsent(1, k -> memo.computeIfAbsent(2, j -> 5));
            System.out.println("  memo " + memo);
        });
        attempt("listIterator add then set", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2));
            ListIterator<Integer> it = l.listIterator();
            it.next();
            it.add(9);
            it.set(3);
        });
        attempt("iterator next past end", () -> {
            Iterator<Integer> it = List.of(1).iterator();
            it.next();
            it.next();
        });
        attempt("Collections.sort during iteration", () -> {
            List<Integer> l = new ArrayList<>(List.of(3, 2, 1));
            for (int x : l) Collections.sort(l);
        });
        attempt("sort without modification (modCount bump)", () -> {
            List<Integer> l = new ArrayList<>(List.of(1, 2, 3));
            Iterator<Integer> it = l.iterator();
            l.sort(null);
            it.next();
        });
    }
}
