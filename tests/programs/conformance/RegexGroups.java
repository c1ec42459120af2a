import java.util.*;
import java.util.regex.*;

public class RegexGroups {
    public static void main(String[] args) {
        Pattern date = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
        Matcher m = date.matcher("Dates: 2024-01-15, 1999-12-31 and 2000-02-29; bad 20-1-1");
        while (m.find()) {
            System.out.println(m.group() + " start=" + m.start() + " end=" + m.end() + " y=" + m.group(1) + " m=" + m.group(2) + " d=" + m.group(3)
                + " start(2)=" + m.start(2) + " groupCount=" + m.groupCount());
        }
        Pattern named = Pattern.compile("(?<key>[a-z]+)=(?<value>[^;]*);?");
        Matcher nm = named.matcher("host=example.org;port=8080;empty=;path=/a/b");
        Map<String, String> kv = new LinkedHashMap<>();
        while (nm.find()) kv.put(nm.group("key"), nm.group("value"));
        System.out.println(kv);
        Matcher email = Pattern.compile("^([\\w.+-]+)@([\\w-]+)\\.([a-z]{2,})$", Pattern.CASE_INSENSITIVE).matcher("John.Doe+tag@Example.COM");
        System.out.println(email.matches() + " " + email.group(1) + " " + email.group(2) + " " + email.group(3));
        Matcher opt = Pattern.compile("(a)?(b)?(c)").matcher("c");
        System.out.println(opt.matches() + " " + opt.group(1) + " " + opt.group(2) + " " + opt.group(3) + " " + opt.start(1));
        Matcher la = Pattern.compile("abc").matcher("abcdef");
        System.out.println(la.matches() + " " + la.lookingAt() + " " + la.hitEnd());
        Matcher nested = Pattern.compile("((a)(b(c)))").matcher("xabcx");
        if (nested.find()) for (int i = 0; i <= nested.groupCount(); i++) System.out.println("group " + i + " = " + nested.group(i) + " [" + nested.start(i) + "," + nested.end(i) + ")");
        Matcher nc = Pattern.compile("(?:ab)+(c)").matcher("ababc");
        System.out.println(nc.matches() + " " + nc.groupCount() + " " + nc.group(1));
        Matcher back = Pattern.compile("(\\w)\\1").matcher("hello bookkeeper committee");
        List<String> doubles = new ArrayList<>();
        while (back.find()) doubles.add(back.group());
        System.out.println(doubles);
        Matcher words = Pattern.compile("\\b\\w+\\b").matcher("It's a dog-eat-dog world, isn't it?");
        List<String> ws = new ArrayList<>();
        while (words.find()) ws.add(words.group());
        System.out.println(ws);
        System.out.println(Pattern.matches("[a-f0-9]+", "deadbeef") + " " + Pattern.matches("[a-f0-9]+", "xyz") + " " + "abc123".matches("\\p{Alpha}+\\d+"));
        Matcher uni = Pattern.compile("\\p{L}+").matcher("naïve café Ελληνικά 日本");
        List<String> us = new ArrayList<>();
        while (uni.find()) us.add(uni.group());
        System.out.println(us);
        Matcher multiline = Pattern.compile("^(\\w+):", Pattern.MULTILINE).matcher("alpha: 1\nbeta: 2\n gamma: 3\ndelta:4");
        List<String> keys = new ArrayList<>();
        while (multiline.find()) keys.add(multiline.group(1));
        System.out.println(keys);
        Matcher dotall = Pattern.compile("<b>(.*?)</b>", Pattern.DOTALL).matcher("<b>one\ntwo</b> <b>three</b>");
        while (dotall.find()) System.out.println("bold: " + dotall.group(1).replace("\n", "\\n"));
        Matcher reset = Pattern.compile("\\d+").matcher("a1b22c333");
        int count = 0;
        while (reset.find()) count++;
        reset.reset("44 55");
        while (reset.find()) count += 10;
        System.out.println("count " + count);
        Matcher region = Pattern.compile("\\d").matcher("0123456789");
        region.region(3, 6);
        StringBuilder rs = new StringBuilder();
        while (region.find()) rs.append(region.group());
        System.out.println("region " + rs);
        Matcher fromIndex = Pattern.compile("o").matcher("foo boo zoo");
        System.out.println(fromIndex.find(5) + " " + fromIndex.start());
        try {
            Matcher nomatch = Pattern.compile("x").matcher("abc");
            nomatch.group();
        } catch (IllegalStateException e) {
            System.out.println("ISE: " + e.getMessage());
        }
        try {
            Pattern.compile("(unclosed");
        } catch (PatternSyntaxException e) {
            System.out.println("PSE: " + e.getDescription() + " at " + e.getIndex() + " pattern " + e.getPattern());
        }
        try {
            Matcher mm = Pattern.compile("(?<n>a)").matcher("a");
            mm.find();
            mm.group("missing");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        System.out.println(Pattern.compile("a+").matcher("caaab").results().map(MatchResult::group).toList());
        System.out.println(Pattern.compile(",").splitAsStream("x,y,z").toList() + " " + Pattern.compile("\\d").asPredicate().test("ab3") + " " + Pattern.compile("\\d").asMatchPredicate().test("ab3"));
        System.out.println(Pattern.compile("AbC", Pattern.CASE_INSENSITIVE).matcher("xabcx").find() + " " + Pattern.compile("a b # comment", Pattern.COMMENTS).matcher("ab").matches());
        Matcher ip = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})").matcher("192.168.0.255");
        if (ip.matches()) {
            long v = 0;
            for (int i = 1; i <= 4; i++) v = v * 256 + Integer.parseInt(ip.group(i));
            System.out.println("ip as long " + v);
        }
        MatchResult mr = date.matcher("on 2023-07-04!").results().findFirst().get();
        System.out.println(mr.group(0) + " " + mr.start() + " " + mr.group(2));
        System.out.println(Pattern.compile("x*").matcher("aaa").replaceAll("-") + " " + Pattern.compile("").split("abc").length + " " + Pattern.compile("(?i)HELLO").pattern() + " " + Pattern.compile("a", Pattern.CASE_INSENSITIVE | Pattern.MULTILINE).flags());
    }
}
