import java.util.*;
import java.util.regex.*;

public class RegexReplaceSplit {
    public static void main(String[] args) {
        String s = "John Smith, Jane Doe, Alan Turing";
        System.out.println(s.replaceAll("(\\w+) (\\w+)", "$2 $1"));
        System.out.println(s.replaceAll("(?<first>\\w+) (?<last>\\w+)", "${last}, ${first}"));
        System.out.println(s.replaceFirst("(\\w+) (\\w+)", "[$0]"));
        System.out.println("a.b.c".replaceAll(".", "x") + " " + "a.b.c".replaceAll("\\.", "x") + " " + "a.b.c".replace(".", "x"));
        System.out.println("cost: 5".replaceAll("\\d", Matcher.quoteReplacement("$10")) + " " + "path/to/file".replaceAll("/", Matcher.quoteReplacement("\\")));
        try {
            "x".replaceAll("x", "$2");
        } catch (IndexOutOfBoundsException e) {
            System.out.println("bad group ref: " + e.getMessage());
        }
        try {
            "x".replaceAll("x", "\\");
        } catch (IllegalArgumentException e) {
            System.out.println("trailing backslash: " + e.getMessage());
        }
        String csv = "a,b,,c,,,";
        for (int limit : new int[]{0, -1, 1, 2, 3, 10}) System.out.println("split limit " + limit + ": " + Arrays.toString(csv.split(",", limit)) + " len " + csv.split(",", limit).length);
        System.out.println(Arrays.toString("  leading and   multiple   spaces ".split("\\s+")) + " " + Arrays.toString("  leading".trim().split("\\s+")));
        System.out.println(Arrays.toString("a1b22c333d".split("\\d+")) + " " + Arrays.toString("a1b22c333d".split("(?<=\\d)(?=\\D)")) + " " + Arrays.toString("CamelCaseStringHere".split("(?=[A-Z])")));
        System.out.println(Arrays.toString("1+2-3*4/5".split("(?<=[-+*/])|(?=[-+*/])")));
        System.out.println(Arrays.toString("a|b|c".split("|")) + " " + Arrays.toString("a|b|c".split("\\|")) + " " + Arrays.toString("a|b|c".split(Pattern.quote("|"))));
        System.out.println(Arrays.toString("".split("x")) + " " + Arrays.toString("x".split("x")) + " " + Arrays.toString("xax".split("x")) + " " + Arrays.toString("abc".split("")));
        System.out.println("password1".matches("(?=.*\\d)(?=.*[a-z]).{8,}") + " " + "password".matches("(?=.*\\d)(?=.*[a-z]).{8,}") + " " + "Pass1".matches("(?=.*\\d)(?=.*[a-z]).{8,}"));
        System.out.println("price: $100 and $250".replaceAll("(?<=\\$)(\\d+)", "<$1>") + " " + "foobar foobaz".replaceAll("foo(?!bar)", "XXX") + " " + "abcabc".replaceAll("(?<!^)b", "B"));
        String html = "<p>one</p><p>two</p>";
        System.out.println(html.replaceAll("<p>(.*)</p>", "[$1]") + " " + html.replaceAll("<p>(.*?)</p>", "[$1]"));
        System.out.println("aaaa".replaceAll("a{2}", "b") + " " + "aaaaa".replaceAll("a{2,3}", "b") + " " + "aaaaa".replaceAll("a{2,3}?", "b") + " " + "xaaay".replaceAll("a*+", "-") + " " + "ab".replaceAll("a?", "#"));
        System.out.println("aaa".matches("a*+a") + " " + "aaa".matches("a*a") + " " + "aaa".matches("(a|aa)+") + " " + "abab".matches("(ab){2}") + " " + "abc".matches("[^x-z]{3}"));
        Matcher m = Pattern.compile("(\\d+)([a-z])").matcher("3a 12b 7c x 0d");
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            m.appendReplacement(sb, m.group(2).repeat(Math.min(n, 5)));
        }
        m.appendTail(sb);
        System.out.println(sb);
        System.out.println(Pattern.compile("\\b(\\w)(\\w*)\\b").matcher("hello big world").replaceAll(r -> r.group(1).toUpperCase() + r.group(2)));
        System.out.println(Pattern.compile("\\d+").matcher("a1b22c333").replaceAll(r -> String.valueOf(Integer.parseInt(r.group()) * 2)));
        System.out.println(Pattern.compile("o").matcher("foo boo").replaceFirst("0"));
        System.out.println("Tab\tNew\nLine".replaceAll("\\s", "_") + " " + "x1y2z3".replaceAll("[^0-9]", "") + " " + "MiXeD".replaceAll("(?i)[a-z&&[^aeiou]]", "*"));
        System.out.println("snake_case_to_camel".replaceAll("_(\\w)", "$1") + " " + Pattern.compile("_(\\w)").matcher("snake_case_to_camel").replaceAll(r -> r.group(1).toUpperCase()));
        String log = "ERROR 2024 disk full\nINFO 2024 ok\nERROR 2023 cpu hot\nWARN x";
        Matcher lm = Pattern.compile("^ERROR (\\d+) (.+)$", Pattern.MULTILINE).matcher(log);
        while (lm.find()) System.out.println("error year=" + lm.group(1) + " msg=" + lm.group(2));
        System.out.println(String.join("|", Pattern.compile("\\s*;\\s*").split(" a ; b;c ;  d ", -1)));
        System.out.println(Pattern.compile("(a)(b)?").matcher("a").replaceAll("[$1|$2]"));
        System.out.println("1,234,567.89".replaceAll("[,.]", "") + " " + "2024-01-15".replaceAll("(\\d+)-(\\d+)-(\\d+)", "$3/$2/$1"));
        System.out.println("\\d".matches("\\\\d") + " " + Pattern.quote("a.b") + " " + "a.b".matches(Pattern.quote("a.b")) + " " + "axb".matches(Pattern.quote("a.b")));
        String text = "the cat and the hat and the bat";
        Map<String, Integer> counts = new TreeMap<>();
        Matcher wm = Pattern.compile("\\b[a-z]at\\b").matcher(text);
        while (wm.find()) counts.merge(wm.group(), 1, Integer::sum);
        System.out.println(counts);
    }
}
