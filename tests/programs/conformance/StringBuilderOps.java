public class StringBuilderOps {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        System.out.println(sb.length() + " " + sb.capacity());
        for (int i = 0; i < 40; i++) {
            sb.append((char) ('a' + i % 26));
            if (i % 8 == 0) System.out.println("len " + sb.length() + " cap " + sb.capacity());
        }
        System.out.println(sb);
        StringBuilder sb2 = new StringBuilder("hello");
        System.out.println(sb2.capacity() + " " + new StringBuilder(100).capacity() + " " + new StringBuilder("").capacity());
        sb2.ensureCapacity(50);
        System.out.println("after ensure " + sb2.capacity());
        sb2.trimToSize();
        System.out.println("after trim " + sb2.capacity());
        sb2.append(' ').append(42).append(' ').append(3.5).append(' ').append(true).append(' ').append('c').append(' ').append(10L).append(' ').append(1.5f)
            .append(' ').append((Object) null).append(' ').append((String) null).append(' ').append(new char[]{'x', 'y'}).append(new char[]{'1', '2', '3'}, 1, 2);
        System.out.println(sb2);
        sb2.insert(0, "START ").insert(sb2.length(), " END").insert(6, 99).insert(3, 'Q').insert(0, 1.25).insert(2, false);
        System.out.println(sb2);
        sb2.delete(0, 10).deleteCharAt(0).replace(0, 3, "REPLACED");
        System.out.println(sb2);
        sb2.setCharAt(0, 'r');
        sb2.setLength(12);
        System.out.println("[" + sb2 + "] " + sb2.length());
        sb2.setLength(15);
        System.out.println("[" + sb2.toString().replace('\0', '_') + "]");
        StringBuilder sur = new StringBuilder("a😀b😃c\uD800d");
        System.out.println(sur.length() + " reversed codepoints: " + hex(new StringBuilder(sur).reverse().toString()));
        StringBuilder pair = new StringBuilder("x\uDE00\uD83Dy");
        System.out.println("split pair reversed: " + hex(pair.reverse().toString()));
        StringBuilder sur2 = new StringBuilder("😀😀😀");
        sur2.deleteCharAt(1);
        System.out.println("deleteCharAt in pair: " + hex(sur2.toString()));
        sur2.insert(1, "é");
        System.out.println("insert: " + hex(sur2.toString()) + " cp count " + sur2.codePointCount(0, sur2.length()));
        StringBuilder cp = new StringBuilder();
        cp.appendCodePoint(0x1F600).appendCodePoint('A').appendCodePoint(0x10FFFF);
        System.out.println(cp.length() + " " + cp.codePointAt(0) + " " + cp.codePointBefore(2) + " " + cp.offsetByCodePoints(0, 2));
        StringBuilder search = new StringBuilder("abcabcabc");
        System.out.println(search.indexOf("bc") + " " + search.indexOf("bc", 2) + " " + search.lastIndexOf("abc") + " " + search.lastIndexOf("abc", 5) + " " + search.charAt(4)
            + " " + search.substring(3) + " " + search.substring(2, 5) + " " + search.subSequence(0, 2));
        System.out.println(search.compareTo(new StringBuilder("abd")) + " " + search.toString().contentEquals(search) + " " + search.chars().sum());
        try {
            search.insert(100, "x");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE " + e.getMessage());
        }
        try {
            search.deleteCharAt(9);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE " + e.getMessage());
        }
        try {
            search.setLength(-1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE " + e.getMessage());
        }
        try {
            search.delete(5, 2);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("SIOOBE " + e.getMessage());
        }
        try {
            search.charAt(-1);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE " + e.getMessage());
        }
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 10000; i++) big.append(i);
        System.out.println(big.length() + " " + big.substring(big.length() - 10) + " " + big.toString().hashCode());
        big.reverse();
        System.out.println(big.substring(0, 20));
        StringBuilder latinToUtf16 = new StringBuilder("latin");
        latinToUtf16.append('Ω');
        latinToUtf16.setCharAt(0, 'Ł');
        latinToUtf16.append("end");
        System.out.println(latinToUtf16 + " " + latinToUtf16.length() + " " + hex(latinToUtf16.toString()));
        StringBuffer buf = new StringBuffer("sync");
        buf.append(1).insert(0, '[').append(']').reverse();
        System.out.println(buf + " " + buf.length());
        StringBuilder del = new StringBuilder("0123456789");
        del.delete(2, 100);
        System.out.println(del);
        StringBuilder chain = new StringBuilder();
        for (int i = 0; i < 5; i++) chain.insert(0, i).append(i);
        System.out.println(chain);
        System.out.println(new StringBuilder("abc").compareTo(new StringBuilder("abc")) + " " + new StringBuilder("x").equals(new StringBuilder("x")));
    }

    static String hex(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) sb.append(Integer.toHexString(s.charAt(i))).append(' ');
        return sb.toString().trim();
    }
}
