import java.util.*;

public class ArrayListOps {
    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 20; i++) list.add(i * 3 % 17);
        System.out.println(list + " size " + list.size());
        list.add(0, -1);
        list.add(list.size(), 100);
        list.set(5, 55);
        System.out.println(list + " " + list.get(5) + " " + list.indexOf(6) + " " + list.lastIndexOf(6) + " " + list.contains(55) + " " + list.indexOf(1000));
        list.remove(0);
        list.remove(Integer.valueOf(100));
        System.out.println(list);
        List<Integer> sub = list.subList(3, 8);
        System.out.println(sub);
        sub.set(0, 999);
        sub.remove(1);
        sub.add(777);
        System.out.println(sub + " " + list);
        sub.clear();
        System.out.println(list + " " + list.size());
        list.removeIf(x -> x % 2 == 0);
        System.out.println(list);
        list.replaceAll(x -> x * 10);
        System.out.println(list);
        list.sort(null);
        System.out.println(list);
        list.sort(Comparator.reverseOrder());
        System.out.println(list);
        Object[] arr = list.toArray();
        Integer[] iarr = list.toArray(new Integer[0]);
        Integer[] big = list.toArray(new Integer[20]);
        System.out.println(arr.length + " " + iarr.length + " " + big.length + " " + big[list.size()] + " " + Arrays.toString(iarr));
        ListIterator<Integer> li = list.listIterator();
        while (li.hasNext()) {
            int idx = li.nextIndex();
            int v = li.next();
            if (v > 100) li.set(v / 10);
            if (idx == 2) li.add(-2);
            if (v == 30) li.remove();
        }
        System.out.println(list);
        while (li.hasPrevious()) System.out.print(li.previous() + (li.hasPrevious() ? "," : "\n"));
        try {
            list.get(100);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE: " + e.getMessage());
        }
        try {
            list.add(-1, 5);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE: " + e.getMessage());
        }
        try {
            list.subList(3, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        try {
            new ArrayList<>(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        List<String> strs = new ArrayList<>(List.of("pear", "apple", "fig", "banana", "kiwi"));
        List<String> strs2 = new ArrayList<>(strs);
        System.out.println(strs.equals(strs2) + " " + strs.hashCode() + " " + strs.containsAll(List.of("fig", "kiwi")));
        strs.addAll(2, List.of("X", "Y"));
        strs.retainAll(List.of("X", "apple", "kiwi", "Z"));
        System.out.println(strs);
        strs2.removeAll(List.of("fig"));
        Collections.addAll(strs2, "z1", "z2");
        System.out.println(strs2 + " " + strs2.equals(strs));
        List<List<Integer>> nested = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            nested.add(new ArrayList<>());
            for (int j = 0; j <= i; j++) nested.get(i).add(i * j);
        }
        System.out.println(nested);
        ArrayList<Integer> grow = new ArrayList<>(2);
        for (int i = 0; i < 100000; i++) grow.add(i);
        long s = 0;
        for (int v : grow) s += v;
        System.out.println(s + " " + grow.get(99999));
        while (grow.size() > 5) grow.remove(grow.size() - 1);
        System.out.println(grow);
        grow.trimToSize();
        grow.ensureCapacity(1000);
        List<Object> mixed = new ArrayList<>();
        mixed.add(null);
        mixed.add("s");
        mixed.add(null);
        System.out.println(mixed + " " + mixed.indexOf(null) + " " + mixed.lastIndexOf(null) + " " + mixed.remove(null) + " " + mixed);
        List<Integer> fromArr = Arrays.asList(3, 1, 2);
        fromArr.set(0, 9);
        try {
            fromArr.add(4);
        } catch (UnsupportedOperationException e) {
            System.out.println("asList add UOE " + e.getMessage());
        }
        System.out.println(fromArr + " " + fromArr.getClass().getSimpleName());
        List<Integer> copyOf = List.copyOf(fromArr);
        System.out.println(copyOf + " " + copyOf.equals(fromArr));
        Iterator<Integer> it = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6)).iterator();
        StringBuilder sb = new StringBuilder();
        it.forEachRemaining(x -> sb.append(x));
        System.out.println(sb);
    }
}
