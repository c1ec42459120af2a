import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/** Files.write/read in all their forms: strings, bytes, lines, append, charsets. */
public class NioReadWrite {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-rw");
        try {
            Path p = dir.resolve("a.txt");
            System.out.println("exists before: " + Files.exists(p) + " " + Files.notExists(p));
            Files.writeString(p, "hello\nworld\n");
            System.out.println("exists after: " + Files.exists(p) + " " + Files.notExists(p));
            System.out.println("size " + Files.size(p));
            System.out.println("[" + Files.readString(p) + "]");
            System.out.println(Files.readAllLines(p));
            Files.writeString(p, "more\n", StandardOpenOption.APPEND);
            System.out.println(Files.readAllLines(p));
            try (Stream<String> lines = Files.lines(p)) {
                System.out.println(lines.map(String::toUpperCase).collect(Collectors.joining(",")));
            }
            byte[] bytes = new byte[300];
            for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) (i * 7);
            Path b = dir.resolve("b.bin");
            Files.write(b, bytes);
            byte[] back = Files.readAllBytes(b);
            System.out.println("bytes " + back.length + " equal " + Arrays.equals(bytes, back));
            Files.write(b, new byte[] {1, 2, 3}, StandardOpenOption.TRUNCATE_EXISTING);
            System.out.println(Arrays.toString(Files.readAllBytes(b)));
            Path l = dir.resolve("lines.txt");
            Files.write(l, List.of("x", "y", "zz"));
            System.out.println(Files.readAllLines(l) + " " + Files.size(l));
            Path u = dir.resolve("utf.txt");
            Files.writeString(u, "grüße ✓ ΑΒΓ");
            System.out.println(Files.readString(u) + " " + Files.size(u));
            Files.writeString(u, "latin é", StandardCharsets.ISO_8859_1);
            System.out.println(Files.readString(u, StandardCharsets.ISO_8859_1) + " " + Files.size(u));
            Path big = dir.resolve("big.txt");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 5000; i++) sb.append(i).append('\n');
            Files.writeString(big, sb);
            List<String> all = Files.readAllLines(big);
            System.out.println(all.size() + " " + all.get(4999) + " " + Files.size(big));
            try {
                Files.writeString(p, "x", StandardOpenOption.CREATE_NEW);
            } catch (FileAlreadyExistsException e) {
                System.out.println("CREATE_NEW: " + e.getClass().getSimpleName() + " " + p.getFileName().equals(Path.of(e.getFile()).getFileName()));
            }
            for (Path q : List.of(p, b, l, u, big)) Files.delete(q);
        } finally {
            Files.delete(dir);
        }
        System.out.println("dir gone " + Files.notExists(dir));
    }
}
