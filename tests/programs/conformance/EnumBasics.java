import java.util.*;

public class EnumBasics {
    enum Color { RED, GREEN, BLUE, YELLOW }
    enum Size {
        SMALL("S"), MEDIUM("M"), LARGE("L"), XLARGE("XL");
        private final String code;
        Size(String code) { this.code = code; }
        String code() { return code; }
        @Override public String toString() { return name().charAt(0) + name().substring(1).toLowerCase() + "(" + code + ")"; }
        static Size fromCode(String c) {
            for (Size s : values()) if (s.code.equals(c)) return s;
            throw new IllegalArgumentException("unknown code " + c);
        }
    }

    public static void main(String[] args) {
        for (Color c : Color.values()) System.out.println(c + " " + c.name() + " " + c.ordinal() + " " + c.compareTo(Color.GREEN) + " " + c.getDeclaringClass().getSimpleName());
        System.out.println(Color.valueOf("BLUE") + " " + Enum.valueOf(Color.class, "RED") + " " + (Color.valueOf("RED") == Color.RED));
        String[] bad = {"blue", "PURPLE", "", " RED"};
        for (String b : bad) {
            try {
                Color.valueOf(b);
            } catch (IllegalArgumentException e) {
                System.out.println("valueOf(\"" + b + "\"): " + e.getMessage());
            }
        }
        try {
            Color.valueOf(null);
        } catch (NullPointerException e) {
            System.out.println("valueOf(null): NPE " + e.getMessage());
        }
        for (Size s : Size.values()) System.out.println(s + " name=" + s.name() + " code=" + s.code() + " from=" + Size.fromCode(s.code()));
        try {
            Size.fromCode("XXL");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        Color[] vals = Color.values();
        vals[0] = null;
        System.out.println("values() is a copy: " + Color.values()[0]);
        System.out.println(Color.RED.equals(Color.RED) + " " + Color.RED.equals("RED") + " " + Color.RED.name().equals("RED"));
        List<Color> sorted = new ArrayList<>(List.of(Color.YELLOW, Color.RED, Color.BLUE, Color.GREEN, Color.RED));
        Collections.sort(sorted);
        System.out.println(sorted);
        sorted.sort(Comparator.comparing(Color::name));
        System.out.println(sorted);
        Map<Color, Integer> counts = new EnumMap<>(Color.class);
        for (Color c : sorted) counts.merge(c, 1, Integer::sum);
        System.out.println(counts);
        System.out.println(Size.LARGE.compareTo(Size.SMALL) + " " + Size.SMALL.compareTo(Size.XLARGE) + " " + Color.class.isEnum() + " " + Color.RED.getClass().isEnum());
        System.out.println(Arrays.toString(Size.values()) + " " + Color.class.getEnumConstants().length);
        Color c = Color.BLUE;
        String mood = switch (c) {
            case RED -> "angry";
            case GREEN -> "calm";
            case BLUE -> "sad";
            case YELLOW -> "happy";
        };
        System.out.println(mood);
        Object o = Size.MEDIUM;
        System.out.println((o instanceof Enum<?>) + " " + (o instanceof Comparable<?>) + " " + ((Enum<?>) o).ordinal());
        System.out.println(Color.valueOf(Color.GREEN.toString()).ordinal());
        StringBuilder sb = new StringBuilder();
        for (Color a : Color.values()) for (Color b : Color.values()) if (a.ordinal() < b.ordinal()) sb.append(a.name().charAt(0)).append(b.name().charAt(0)).append(' ');
        System.out.println(sb);
        System.out.println(Color.RED.describeConstable().isPresent());
    }
}
