import java.util.Arrays;

public class StringBasics {
    public static void main(String[] args) {
        String s = "The quick brown fox jumps over the lazy dog";
        System.out.println(s.length() + " " + s.charAt(4) + " " + s.indexOf('o') + " " + s.lastIndexOf('o') + " " + s.indexOf("the") + " " + s.indexOf("The", 1)
            + " " + s.lastIndexOf("o", 20) + " " + s.indexOf('z', 40) + " " + s.indexOf(""));
        System.out.println(s.substring(4) + "|" + s.substring(4, 9) + "|" + s.substring(43) + "|" + s.subSequence(0, 3));
        System.out.println(s.toUpperCase() + "|" + s.toLowerCase());
        System.out.println(s.replace('o', '0') + "|" + s.replace("the", "THE") + "|" + s.replace("", "-").substring(0, 12));
        System.out.println(s.contains("fox") + " " + s.startsWith("The") + " " + s.startsWith("quick", 4) + " " + s.endsWith("dog") + " " + s.isEmpty() + " " + "".isEmpty());
        System.out.println(Arrays.toString(s.split(" ")) + " " + s.split(" ").length);
        System.out.println(Arrays.toString("a,b,,c,,".split(",")) + " " + Arrays.toString("a,b,,c,,".split(",", -1)) + " " + Arrays.toString("a,b,,c,,".split(",", 2)));
        System.out.println(Arrays.toString("".split(",")) + " " + Arrays.toString(",".split(",")) + " " + Arrays.toString("abc".split("")));
        System.out.println("  padded \t\n".trim() + "|" + "   ".trim().length() + "|" + "\u0000x\u0001".trim().length());
        System.out.println("abc".compareTo("abd") + " " + "abc".compareTo("ab") + " " + "B".compareTo("a") + " " + "a".compareTo("B") + " " + "hello".compareTo("hello"));
        System.out.println("Hello".equalsIgnoreCase("hELLO") + " " + "Hello".equals("hello") + " " + "abc".equals(null) + " " + "x".equals(new StringBuilder("x").toString()));
        System.out.println(String.valueOf(12) + String.valueOf(true) + String.valueOf('c') + String.valueOf(1.5) + String.valueOf((Object) null) + String.valueOf(new char[]{'h', 'i'}));
        System.out.println(String.valueOf(new char[]{'a', 'b', 'c', 'd'}, 1, 2) + " " + String.copyValueOf(new char[]{'x', 'y'}) + " " + new String(new char[]{'q', 'r', 's'}, 1, 2));
        char[] buf = new char[10];
        Arrays.fill(buf, '.');
        s.getChars(4, 9, buf, 2);
        System.out.println(new String(buf));
        System.out.println(Arrays.toString("hello".toCharArray()) + " " + "hello".chars().sum() + " " + "banana".replaceAll("an", "AN") + " " + "banana".replaceFirst("an", "_"));
        System.out.println("a-b-c".concat("-d") + " " + "abc".matches("[a-c]+") + " " + "x".repeat(0).length() + " " + "ab".repeat(3));
        try {
            s.substring(10, 5);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE: " + e.getMessage());
        }
        try {
            s.charAt(100);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE: " + e.getMessage());
        }
        try {
            s.substring(-1);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE: " + e.getMessage());
        }
        try {
            "abc".substring(2, 10);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE: " + e.getMessage());
        }
        StringBuilder out = new StringBuilder();
        for (String word : s.split("\\s+")) {
            out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1).toLowerCase()).append(' ');
        }
        System.out.println(out.toString().trim());
        String pal = "A man, a plan, a canal: Panama";
        String cleaned = pal.replaceAll("[^A-Za-z]", "").toLowerCase();
        System.out.println(cleaned + " palindrome=" + new StringBuilder(cleaned).reverse().toString().equals(cleaned));
        int vowels = 0;
        for (char c : s.toCharArray()) if ("aeiouAEIOU".indexOf(c) >= 0) vowels++;
        System.out.println("vowels " + vowels);
        System.out.println("Mississippi".indexOf("ss", 3) + " " + "Mississippi".lastIndexOf("ss") + " " + "Mississippi".lastIndexOf('s', 4) + " " + "Mississippi".indexOf("issip"));
        System.out.println("abc".regionMatches(1, "xbc", 1, 2) + " " + "ABC".regionMatches(true, 0, "abc", 0, 3) + " " + "tEsT".toLowerCase().toUpperCase());
        System.out.println("%d items".formatted(5) + " " + "a\tb".contentEquals("a\tb") + " " + "abc".contentEquals(new StringBuffer("abc")));
        System.out.println(String.join("/", "usr", "local", "bin") + " " + "x,y".split(",")[1] + " " + "hello world".codePointCount(0, 11));
    }
}
