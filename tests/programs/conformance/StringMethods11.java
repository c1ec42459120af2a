import java.util.*;
import java.util.stream.*;

public class StringMethods11 {
    public static void main(String[] args) {
        System.out.println(String.join(", ", "a", "b", "c"));
        System.out.println(String.join("|", List.of("x", "y")));
        System.out.println(String.join("-", new ArrayList<String>()) + "<empty");
        System.out.println(String.join("", "no", "sep"));
        System.out.println(String.join(",", Arrays.asList("n", null, "m")));
        System.out.println("ab".repeat(5) + " " + "".repeat(100).length() + " " + "-".repeat(1) + " " + "xyz".repeat(0).isEmpty());
        try {
            "a".repeat(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("repeat: " + e.getMessage());
        }
        String ws = " \t\u2003 hello world \u2003\n ";
        System.out.println("[" + ws.strip() + "] [" + ws.stripLeading() + "] [" + ws.stripTrailing() + "] [" + ws.trim() + "]");
        System.out.println("   ".isBlank() + " " + "".isBlank() + " " + " a ".isBlank() + " " + "\u2003".isBlank() + " " + "   ".isEmpty());
        String multi = "line1\nline2\r\nline3\rline4\n\nline6";
        System.out.println(multi.lines().collect(Collectors.toList()));
        System.out.println(multi.lines().count());
        System.out.println("hello".chars().mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining(",")));
        System.out.println("hello".chars().filter(c -> c == 'l').count() + " " + "hello".chars().max().getAsInt() + " " + "hello".chars().boxed().collect(Collectors.toList()));
        System.out.println("a😀b".codePoints().mapToObj(Integer::toHexString).collect(Collectors.joining(" ")) + " " + "a😀b".chars().count());
        System.out.print("indent\nme".indent(4));
        System.out.print("    unindent\n  me".indent(-2));
        System.out.println("abc".transform(s -> s + "!") + " " + "42".transform(Integer::parseInt) * 2);
        System.out.println("Hello %s, you are %d".formatted("Bob", 30));
        System.out.println("text".describeConstable().get() + " " + "resolve".resolveConstantDesc(null));
        Map<Character, Long> freq = "mississippi".chars().mapToObj(c -> (char) c)
            .collect(Collectors.groupingBy(c -> c, TreeMap::new, Collectors.counting()));
        System.out.println(freq);
        String sentence = "the rain in spain falls mainly on the plain";
        System.out.println(Arrays.stream(sentence.split(" ")).filter(w -> w.contains("ain")).map(String::toUpperCase).collect(Collectors.joining(" ", "<", ">")));
        System.out.println(sentence.chars().filter(Character::isLetter).mapToObj(c -> String.valueOf((char) c)).distinct().sorted().collect(Collectors.joining()));
        StringJoiner sj = new StringJoiner(", ", "{", "}");
        sj.setEmptyValue("EMPTY");
        System.out.println(sj);
        sj.add("one").add("two");
        System.out.println(sj + " " + sj.length());
        StringJoiner sj2 = new StringJoiner("-");
        sj2.add("x");
        sj.merge(sj2);
        System.out.println(sj);
        System.out.println(String.valueOf((Object) null).length() + " " + "CamelCaseString".replaceAll("([A-Z])", "_$1").toLowerCase());
        System.out.println("a,b;c d".split("[,; ]").length + " " + "aXbXc".split("X", 2)[1] + " " + "  lead".split(" ").length);
        System.out.println("\u00e9t\u00e9".chars().map(Character::toUpperCase).collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append));
        List<String> parts = new ArrayList<>();
        for (String p : "2024-01-15T10:30:00".split("[-T:]")) parts.add(p);
        System.out.println(parts + " " + String.join("/", parts.subList(0, 3)));
        System.out.println("compare " + "apple".compareTo("Apple") + " " + "apple".compareToIgnoreCase("APPLE") + " " + String.CASE_INSENSITIVE_ORDER.compare("b", "A"));
    }
}
