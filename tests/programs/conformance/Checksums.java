import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.*;
import java.util.zip.*;

public class Checksums {
    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x));
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] inputs = {"", "a", "abc", "The quick brown fox jumps over the lazy dog", "ünïcödé 😀", "x".repeat(10000)};
        for (String s : inputs) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            crc.update(b);
            Adler32 adler = new Adler32();
            adler.update(b, 0, b.length);
            CRC32C crcc = new CRC32C();
            crcc.update(b);
            String label = s.length() > 30 ? s.substring(0, 10) + "...(" + s.length() + ")" : s;
            System.out.println("[" + label + "] crc32=" + Long.toHexString(crc.getValue()) + " adler32=" + Long.toHexString(adler.getValue()) + " crc32c=" + Long.toHexString(crcc.getValue()));
            for (String alg : new String[]{"MD5", "SHA-1", "SHA-256", "SHA-512"}) {
                System.out.println("  " + alg + " " + hex(MessageDigest.getInstance(alg).digest(b)));
            }
        }
        CRC32 inc = new CRC32();
        for (int i = 0; i < 1000; i++) inc.update(i & 0xff);
        System.out.println("incremental crc " + inc.getValue());
        inc.reset();
        System.out.println("reset crc " + inc.getValue());
        Base64.Encoder enc = Base64.getEncoder();
        Base64.Decoder dec = Base64.getDecoder();
        for (String s : new String[]{"", "f", "fo", "foo", "foob", "fooba", "foobar", "any carnal pleasure.", "\u00ff\u00fe binary?"}) {
            String e = enc.encodeToString(s.getBytes(StandardCharsets.UTF_8));
            String u = Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
            System.out.println("[" + s + "] -> " + e + " url " + u + " back " + new String(dec.decode(e), StandardCharsets.UTF_8));
        }
        byte[] all = new byte[256];
        for (int i = 0; i < 256; i++) all[i] = (byte) i;
        System.out.println(Base64.getMimeEncoder().encodeToString(all).replace("\r\n", "|"));
        try {
            dec.decode("not base64!");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        UUID u1 = new UUID(0x123456789abcdef0L, 0xfedcba9876543210L);
        UUID u2 = UUID.nameUUIDFromBytes("jvmc".getBytes(StandardCharsets.UTF_8));
        UUID u3 = UUID.fromString("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
        System.out.println(u1 + " v" + u1.version() + " | " + u2 + " v" + u2.version() + " variant " + u2.variant() + " | " + u3 + " " + u3.compareTo(u1) + " " + u3.hashCode());
        Deflater def = new Deflater();
        byte[] input = "hello hello hello hello hello world world world".repeat(20).getBytes(StandardCharsets.UTF_8);
        def.setInput(input);
        def.finish();
        byte[] buf = new byte[2048];
        int clen = def.deflate(buf);
        def.end();
        Inflater inf = new Inflater();
        inf.setInput(buf, 0, clen);
        byte[] out = new byte[input.length];
        int dlen = inf.inflate(out);
        inf.end();
        System.out.println("deflate " + input.length + " -> " + clen + " -> " + dlen + " equal " + Arrays.equals(input, out) + " compressed-crc " + crcOf(buf, clen));
    }

    static long crcOf(byte[] b, int len) {
        CRC32 c = new CRC32();
        c.update(b, 0, len);
        return c.getValue();
    }
}
