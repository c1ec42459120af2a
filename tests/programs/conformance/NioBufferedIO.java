import java.io.*;
import java.nio.charset.*;
import java.nio.file.*;
import java.util.*;

/** Buffered readers and writers and streams from Files, charsets and decoding errors. */
public class NioBufferedIO {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-buf");
        Path f = dir.resolve("text.txt");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(f)) {
                for (int i = 0; i < 2000; i++) {
                    w.write("line " + i);
                    w.newLine();
                }
            }
            int count = 0;
            long sum = 0;
            try (BufferedReader r = Files.newBufferedReader(f)) {
                String line;
                while ((line = r.readLine()) != null) {
                    count++;
                    sum += Integer.parseInt(line.substring(5));
                }
            }
            System.out.println("lines " + count + " sum " + sum + " size " + Files.size(f));
            try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_16, StandardOpenOption.TRUNCATE_EXISTING)) {
                w.write("utf16 ünï");
            }
            System.out.println("utf16 size " + Files.size(f) + " text " + Files.readString(f, StandardCharsets.UTF_16));
            try (OutputStream out = Files.newOutputStream(f)) {
                for (int i = 0; i < 256; i++) out.write(i);
                out.write(new byte[] {10, 20, 30}, 1, 2);
            }
            try (InputStream in = Files.newInputStream(f)) {
                System.out.println("first " + in.read() + " skip " + in.skip(100) + " next " + in.read() + " available " + in.available());
                byte[] buf = new byte[1000];
                int n = in.read(buf);
                System.out.println("rest " + n + " last " + buf[n - 1] + " eof " + in.read());
            }
            try (InputStream in = Files.newInputStream(f)) {
                System.out.println("readAllBytes " + in.readAllBytes().length + " transfer " + Files.newInputStream(f).transferTo(OutputStream.nullOutputStream()));
            }
            Files.write(f, new byte[] {(byte) 0xC3, (byte) 0x28, 65});
            try {
                Files.readString(f);
            } catch (MalformedInputException e) {
                System.out.println("readString malformed: " + e.getMessage());
            }
            try {
                Files.readAllLines(f);
            } catch (MalformedInputException e) {
                System.out.println("readAllLines malformed: " + e.getMessage());
            }
            try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.ISO_8859_1)) {
                System.out.println("latin1 " + r.readLine().length());
            }
            try (PrintWriter pw = new PrintWriter(Files.newBufferedWriter(f, StandardOpenOption.APPEND))) {
                pw.printf("%n%s=%d%n", "k", 42);
            }
            System.out.println("appended size " + Files.size(f));
            try (Scanner sc = new Scanner(dir.resolve("nums.txt").toFile().exists() ? f : writeNums(dir))) {
                int total = 0;
                while (sc.hasNextInt()) total += sc.nextInt();
                System.out.println("scanner total " + total);
            }
            Files.delete(dir.resolve("nums.txt"));
            try {
                Files.newBufferedReader(dir.resolve("none"));
            } catch (NoSuchFileException e) {
                System.out.println("newBufferedReader missing: NoSuchFileException");
            }
            try {
                Files.newOutputStream(f, StandardOpenOption.READ);
            } catch (IllegalArgumentException e) {
                System.out.println("READ output stream: " + e.getMessage());
            }
        } finally {
            Files.deleteIfExists(f);
            Files.delete(dir);
        }
    }

    static Path writeNums(Path dir) throws IOException {
        Path p = dir.resolve("nums.txt");
        Files.writeString(p, "1 2 3\n4 5\n 6");
        return p;
    }
}
