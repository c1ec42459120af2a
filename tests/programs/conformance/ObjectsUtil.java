import java.util.*;
import java.util.function.*;

public class ObjectsUtil {
    static void t(String label, Supplier<Object> s) {
        try {
            System.out.println(label + " = " + s.get());
        } catch (RuntimeException e) {
            System.out.println(label + " -> " + e.getClass().getSimpleName() + (e instanceof NullPointerException ? "" : ": " + e.getMessage()));
        }
    }

    static void tn(String label, Supplier<Object> s) {
        try {
            System.out.println(label + " = " + s.get());
        } catch (NullPointerException e) {
            System.out.println(label + " -> NPE message=" + e.getMessage());
        }
    }

    public static void main(String[] args) {
        t("equals(null,null)", () -> Objects.equals(null, null));
        t("equals(a,null)", () -> Objects.equals("a", null));
        t("equals(a,a)", () -> Objects.equals("a", new String("a")));
        t("deepEquals arrays", () -> Objects.deepEquals(new int[]{1, 2}, new int[]{1, 2}));
        t("deepEquals nested", () -> Objects.deepEquals(new Object[]{new int[]{1}}, new Object[]{new int[]{1}}));
        t("equals arrays", () -> Objects.equals(new int[]{1}, new int[]{1}));
        t("hashCode(null)", () -> Objects.hashCode(null));
        t("hashCode(str)", () -> Objects.hashCode("str"));
        t("hash(1,2,3)", () -> Objects.hash(1, 2, 3));
        t("hash(null)", () -> Objects.hash((Object) null));
        t("hash()", () -> Objects.hash());
        t("toString(null)", () -> Objects.toString(null));
        t("toString(null,dflt)", () -> Objects.toString(null, "dflt"));
        t("toString(5,dflt)", () -> Objects.toString(5, "dflt"));
        t("isNull", () -> Objects.isNull(null) + " " + Objects.isNull(1));
        t("nonNull", () -> Objects.nonNull(null) + " " + Objects.nonNull(1));
        t("compare", () -> Objects.compare("a", "b", Comparator.naturalOrder()) + " " + Objects.compare(null, null, Comparator.<String>naturalOrder()));
        tn("requireNonNull(x)", () -> Objects.requireNonNull("x"));
        tn("requireNonNull(null)", () -> Objects.requireNonNull(null));
        tn("requireNonNull(null,msg)", () -> Objects.requireNonNull(null, "value required"));
        tn("requireNonNull(null,supplier)", () -> Objects.requireNonNull(null, () -> "supplied " + 42));
        t("requireNonNullElse", () -> Objects.requireNonNullElse(null, "else"));
        t("requireNonNullElse2", () -> Objects.requireNonNullElse("first", "else"));
        tn("requireNonNullElse both null", () -> Objects.requireNonNullElse(null, null));
        t("requireNonNullElseGet", () -> Objects.requireNonNullElseGet(null, () -> "got"));
        t("checkIndex ok", () -> Objects.checkIndex(2, 3));
        t("checkIndex bad", () -> Objects.checkIndex(3, 3));
        t("checkIndex negative", () -> Objects.checkIndex(-1, 3));
        t("checkFromToIndex ok", () -> Objects.checkFromToIndex(1, 3, 3));
        t("checkFromToIndex bad", () -> Objects.checkFromToIndex(1, 4, 3));
        t("checkFromIndexSize ok", () -> Objects.checkFromIndexSize(1, 2, 3));
        t("checkFromIndexSize bad", () -> Objects.checkFromIndexSize(2, 2, 3));
        t("Optional.ofNullable", () -> Optional.ofNullable(null).isPresent());
        Object[] things = {null, 1, "s", 2.5, List.of(), new int[0]};
        int nonNull = 0;
        for (Object o : things) if (Objects.nonNull(o)) nonNull++;
        System.out.println("nonNull count " + nonNull);
        System.out.println(Arrays.stream(things).filter(Objects::nonNull).count() + " " + Arrays.stream(things).map(o -> Objects.toString(o, "<null>")).filter(s -> !s.startsWith("[I")).toList());
        String a = "x", b = null;
        System.out.println(Objects.equals(a, b) + " " + Objects.equals(b, b) + " " + (Objects.hash(a, b) == Arrays.hashCode(new Object[]{a, b})));
        System.out.println(Objects.requireNonNullElse(System.getProperty("no.such.prop"), "fallback"));
        Comparator<String> cmp = Comparator.nullsFirst(Comparator.naturalOrder());
        List<String> withNull = new ArrayList<>(Arrays.asList("b", null, "a"));
        withNull.sort(cmp);
        System.out.println(withNull);
    }
}
