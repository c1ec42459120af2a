import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class StringUnicode {
    static void describe(String s) {
        System.out.println("[" + s + "] len=" + s.length() + " cps=" + s.codePointCount(0, s.length()) + " utf8=" + s.getBytes(StandardCharsets.UTF_8).length
            + " utf16=" + s.getBytes(StandardCharsets.UTF_16).length + " latin1=" + s.getBytes(StandardCharsets.ISO_8859_1).length + " hash=" + s.hashCode()
            + " upper=" + s.toUpperCase() + " lower=" + s.toLowerCase());
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> sb.append(Integer.toHexString(cp)).append(' '));
        System.out.println("  codepoints: " + sb);
        StringBuilder cs = new StringBuilder();
        for (int i = 0; i < s.length(); i++) cs.append(Integer.toHexString(s.charAt(i))).append(' ');
        System.out.println("  chars: " + cs);
    }

    public static void main(String[] args) {
        String[] samples = {"plain ascii", "café", "naïve résumé", "ÿÿÿ", "Straße", "ΑΒΓ αβγ ς", "Привет мир", "日本語テキスト", "😀 grin", "a😀b😃c",
            "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "İstanbul", "ﬁne", "mixed é and 中", "\u0000nul", "\uD800 lone high", "lone low \uDC00", "e\u0301", "\u00ff\u0100"};
        for (String s : samples) describe(s);
        String emoji = "x😀y";
        System.out.println(emoji.codePointAt(1) + " " + emoji.codePointAt(2) + " " + emoji.codePointBefore(3) + " " + emoji.offsetByCodePoints(0, 2) + " " + emoji.indexOf(0x1F600) + " " + emoji.indexOf("y"));
        System.out.println(emoji.substring(1, 3).equals("😀") + " " + new StringBuilder(emoji).reverse() + " " + emoji.charAt(1) + emoji.charAt(2));
        byte[] utf8 = "héllo 😀".getBytes(StandardCharsets.UTF_8);
        System.out.println(Arrays.toString(utf8));
        System.out.println(new String(utf8, StandardCharsets.UTF_8) + " " + new String(utf8, StandardCharsets.ISO_8859_1).length() + " " + new String(utf8, 1, 2, StandardCharsets.UTF_8));
        byte[] bad = {(byte) 0xff, 'a', (byte) 0xc3, (byte) 0x28, (byte) 0xe2, (byte) 0x82, 'z', (byte) 0xed, (byte) 0xa0, (byte) 0x80};
        String decoded = new String(bad, StandardCharsets.UTF_8);
        StringBuilder hex = new StringBuilder();
        for (char c : decoded.toCharArray()) hex.append(Integer.toHexString(c)).append(' ');
        System.out.println("malformed -> " + hex);
        System.out.println(Arrays.toString("ab€".getBytes(StandardCharsets.US_ASCII)) + " " + Arrays.toString("ab€ÿ".getBytes(StandardCharsets.ISO_8859_1)) + " " + Arrays.toString("a€".getBytes(StandardCharsets.UTF_16BE))
            + " " + Arrays.toString("a€".getBytes(StandardCharsets.UTF_16LE)));
        System.out.println(new String(new byte[]{0, 65, 0x20, (byte) 0xAC}, StandardCharsets.UTF_16BE) + " " + new String(new byte[]{(byte) 0xe9}, StandardCharsets.ISO_8859_1));
        String latin = "abc";
        String utf16 = "ab\u0100";
        String joined = latin + utf16;
        System.out.println(joined + " " + joined.length() + " " + joined.indexOf('\u0100') + " " + joined.indexOf("c") + " " + joined.replace('\u0100', 'z') + " " + utf16.substring(0, 2).equals("ab"));
        System.out.println("ab".equals(utf16.substring(0, 2)) + " " + "ab".hashCode() + " " + utf16.substring(0, 2).hashCode() + " " + "ab".compareTo(utf16) + " " + utf16.compareTo("ab\u00ff"));
        System.out.println("ÀÉÎÕÜ".toLowerCase() + " " + "àéîõü".toUpperCase() + " " + "ß".toUpperCase() + " " + "ﬃ".toUpperCase() + " " + "Σ".toLowerCase() + " " + "ΟΔΟΣ".toLowerCase());
        System.out.println("é".equalsIgnoreCase("É") + " " + "ǅ".equalsIgnoreCase("ǆ") + " " + "\u212A".equalsIgnoreCase("k") + " " + "ß".equalsIgnoreCase("SS"));
        System.out.println("中文".compareTo("日本") + " " + "a😀".compareTo("a\uFFFF") + " " + "Ä".compareToIgnoreCase("ä"));
        char[] cs = Character.toChars(0x1F4A9);
        String poo = new String(cs) + new String(Character.toChars(0x41));
        System.out.println(poo.length() + " " + poo.codePointCount(0, poo.length()) + " " + Character.isSurrogatePair(cs[0], cs[1]) + " " + poo.codePoints().count());
        String built = new String(new int[]{0x48, 0x1F600, 0x49, 0x10FFFF}, 0, 4);
        System.out.println(built.length() + " " + built.codePointAt(4));
        System.out.println(" \u2003x\u2003 ".strip().length() + " " + " \u2003x\u2003 ".trim().length() + " " + "\u2003".isBlank());
        String big = "é".repeat(1000) + "x";
        System.out.println(big.length() + " " + big.lastIndexOf('é') + " " + big.indexOf('x') + " " + big.hashCode());
        String bigU = "😀".repeat(500);
        System.out.println(bigU.length() + " " + bigU.codePointCount(0, bigU.length()) + " " + bigU.hashCode() + " " + bigU.getBytes(StandardCharsets.UTF_8).length);
    }
}
