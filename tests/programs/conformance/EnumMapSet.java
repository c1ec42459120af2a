import java.util.*;

public class EnumMapSet {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }
    enum Color { RED, GREEN, BLUE }

    public static void main(String[] args) {
        EnumMap<Day, Integer> hours = new EnumMap<>(Day.class);
        hours.put(Day.FRI, 6);
        hours.put(Day.MON, 8);
        hours.put(Day.WED, 7);
        hours.put(Day.SUN, 0);
        System.out.println(hours + " " + hours.size() + " " + hours.containsKey(Day.TUE) + " " + hours.get(Day.WED));
        hours.merge(Day.MON, 2, Integer::sum);
        hours.remove(Day.SUN);
        hours.putIfAbsent(Day.TUE, 9);
        System.out.println(hours + " " + hours.keySet() + " " + hours.values());
        for (Map.Entry<Day, Integer> e : hours.entrySet()) e.setValue(e.getValue() * 10);
        System.out.println(hours);
        EnumMap<Day, Integer> copy = new EnumMap<>(hours);
        System.out.println(copy.equals(hours) + " " + (copy.hashCode() == hours.hashCode()));
        EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN);
        EnumSet<Day> weekdays = EnumSet.complementOf(weekend);
        EnumSet<Day> mid = EnumSet.range(Day.TUE, Day.THU);
        EnumSet<Day> all = EnumSet.allOf(Day.class);
        EnumSet<Day> none = EnumSet.noneOf(Day.class);
        System.out.println(weekend + " " + weekdays + " " + mid + " " + all + " " + none);
        none.add(Day.FRI);
        none.add(Day.MON);
        none.addAll(mid);
        System.out.println(none + " " + none.contains(Day.WED) + " " + none.containsAll(mid) + " " + none.size());
        none.removeAll(EnumSet.of(Day.TUE, Day.SUN));
        none.retainAll(weekdays);
        System.out.println(none);
        EnumSet<Day> copyOf = EnumSet.copyOf(List.of(Day.SUN, Day.MON, Day.SUN));
        System.out.println(copyOf + " " + EnumSet.copyOf(copyOf).equals(copyOf));
        Iterator<Day> it = all.iterator();
        while (it.hasNext()) if (it.next().ordinal() % 2 == 0) it.remove();
        System.out.println(all);
        Map<Color, List<String>> byColor = new EnumMap<>(Color.class);
        String[] items = {"apple:RED", "sky:BLUE", "grass:GREEN", "cherry:RED", "sea:BLUE", "lime:GREEN", "blood:RED"};
        for (String it2 : items) {
            String[] p = it2.split(":");
            byColor.computeIfAbsent(Color.valueOf(p[1]), k -> new ArrayList<>()).add(p[0]);
        }
        System.out.println(byColor);
        try {
            new EnumMap<Day, Integer>(Day.class).put(null, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE for null key");
        }
        try {
            EnumSet.copyOf(new ArrayList<Day>());
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        TreeMap<Day, String> tm = new TreeMap<>();
        tm.put(Day.SUN, "rest");
        tm.put(Day.MON, "work");
        tm.put(Day.THU, "gym");
        System.out.println(tm + " " + tm.firstKey() + " " + tm.ceilingKey(Day.TUE));
        EnumSet<Day> rangeAll = EnumSet.range(Day.MON, Day.SUN);
        int mask = 0;
        for (Day d : rangeAll) mask |= 1 << d.ordinal();
        System.out.println("mask " + Integer.toBinaryString(mask));
        System.out.println(EnumSet.of(Color.BLUE, Color.RED).toString() + " " + EnumSet.allOf(Color.class).stream().map(Enum::name).reduce("", String::concat));
    }
}
