import java.util.*;

public class CollectionsUtil {
    static void uoe(String label, Runnable r) {
        try {
            r.run();
            System.out.println(label + ": no exception");
        } catch (UnsupportedOperationException e) {
            System.out.println(label + ": UOE " + e.getMessage());
        } catch (RuntimeException e) {
            System.out.println(label + ": " + e.getClass().getName() + " " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 20; i++) nums.add(i);
        Collections.shuffle(nums, new Random(42));
        System.out.println("shuffled " + nums);
        Collections.shuffle(nums, new Random(7));
        System.out.println("shuffled2 " + nums);
        Collections.sort(nums);
        System.out.println("sorted " + nums);
        System.out.println("binarySearch 7 " + Collections.binarySearch(nums, 7) + " 100 " + Collections.binarySearch(nums, 100) + " -5 " + Collections.binarySearch(nums, -5));
        Collections.reverse(nums);
        System.out.println("reversed " + nums + " search desc " + Collections.binarySearch(nums, 7, Collections.reverseOrder()));
        Collections.rotate(nums, 3);
        System.out.println("rotated " + nums);
        Collections.rotate(nums, -5);
        System.out.println("rotated back " + nums);
        Collections.swap(nums, 0, 19);
        System.out.println("swapped " + nums);
        System.out.println("max " + Collections.max(nums) + " min " + Collections.min(nums) + " maxBy " + Collections.max(nums, Comparator.comparing(x -> x % 7)));
        List<String> words = new ArrayList<>(List.of("banana", "Apple", "cherry", "apple", "date", "Banana", "fig"));
        Collections.sort(words);
        System.out.println(words);
        Collections.sort(words, String.CASE_INSENSITIVE_ORDER);
        System.out.println(words);
        words.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(words);
        System.out.println("frequency " + Collections.frequency(List.of(1, 2, 1, 3, 1), 1) + " disjoint " + Collections.disjoint(List.of(1, 2), List.of(3, 4))
            + " nCopies " + Collections.nCopies(3, "ab") + " indexOfSubList " + Collections.indexOfSubList(List.of(1, 2, 3, 2, 3), List.of(2, 3))
            + " lastIndexOfSubList " + Collections.lastIndexOfSubList(List.of(1, 2, 3, 2, 3), List.of(2, 3)));
        List<Integer> filled = new ArrayList<>(Collections.nCopies(5, 0));
        Collections.fill(filled, 7);
        List<Integer> dest = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
        Collections.copy(dest, filled);
        System.out.println(filled + " " + dest);
        Collections.replaceAll(dest, 7, 8);
        System.out.println(dest);
        List<Integer> un = Collections.unmodifiableList(new ArrayList<>(List.of(1, 2, 3)));
        uoe("unmodifiableList.add", () -> un.add(4));
        uoe("unmodifiableList.set", () -> un.set(0, 4));
        uoe("unmodifiableList.sort", () -> un.sort(null));
        uoe("unmodifiableList.iterator.remove", () -> { Iterator<Integer> it = un.iterator(); it.next(); it.remove(); });
        Map<String, Integer> um = Collections.unmodifiableMap(new TreeMap<>(Map.of("a", 1)));
        uoe("unmodifiableMap.put", () -> um.put("b", 2));
        uoe("unmodifiableMap.entry.setValue", () -> um.entrySet().iterator().next().setValue(5));
        Set<String> us = Collections.unmodifiableSet(new TreeSet<>(Set.of("x")));
        uoe("unmodifiableSet.remove", () -> us.remove("x"));
        uoe("List.of.add", () -> List.of(1).add(2));
        uoe("List.of.set", () -> List.of(1).set(0, 2));
        uoe("List.of null", () -> List.of(1, null));
        uoe("List.of.contains null", () -> List.of(1).contains(null));
        uoe("Map.of.put", () -> Map.of("k", 1).put("j", 2));
        uoe("Map.of dup", () -> Map.of("k", 1, "k", 2));
        uoe("Set.of dup", () -> Set.of(1, 1));
        uoe("emptyList.add", () -> Collections.emptyList().add(null));
        uoe("singletonList.set", () -> Collections.singletonList(1).set(0, 2));
        uoe("Arrays.asList.remove", () -> Arrays.asList(1, 2).remove(0));
        uoe("Arrays.asList.set", () -> Arrays.asList(1, 2).set(0, 5));
        uoe("stream.toList.add", () -> java.util.stream.Stream.of(1).toList().add(2));
        uoe("checkedList", () -> { List raw = Collections.checkedList(new ArrayList<String>(), String.class); raw.add(1); });
        System.out.println(Collections.emptyMap() + " " + Collections.singleton(5) + " " + Collections.singletonMap("k", "v") + " " + Collections.emptySet().size());
        List<Integer> syncd = Collections.synchronizedList(new ArrayList<>(List.of(3, 1, 2)));
        Collections.sort(syncd);
        System.out.println(syncd);
        Random rnd = new Random(123);
        List<Integer> deck = new ArrayList<>();
        for (int i = 0; i < 52; i++) deck.add(i);
        Collections.shuffle(deck, rnd);
        System.out.println("deck " + deck.subList(0, 13));
        List<Integer> hand = new ArrayList<>(deck.subList(0, 13));
        hand.sort(Comparator.comparingInt((Integer c) -> c / 13).thenComparingInt(c -> c % 13));
        System.out.println("hand " + hand);
        Queue<Integer> asLifo = Collections.asLifoQueue(new ArrayDeque<Integer>());
        asLifo.add(1);
        asLifo.add(2);
        System.out.println(asLifo.peek() + " " + Collections.reverseOrder().compare(1, 2) + " " + Collections.reverseOrder(Comparator.<Integer>naturalOrder()).compare(1, 2));
        List<String> ls = new ArrayList<>(List.of("c", "a", "b"));
        ListIterator<String> li = ls.listIterator();
        Collections.sort(ls);
        System.out.println(ls + " " + Collections.unmodifiableCollection(ls) + " " + Collections.emptyIterator().hasNext());
        int[] a = {5, 2, 8, 1};
        List<int[]> wrapped = Collections.singletonList(a);
        System.out.println(wrapped.get(0)[2]);
    }
}
