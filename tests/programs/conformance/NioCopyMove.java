import java.io.*;
import java.nio.file.*;
import java.util.*;

/** Files.copy and Files.move between paths and streams, with and without REPLACE_EXISTING. */
public class NioCopyMove {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-copy");
        try {
            Path a = dir.resolve("a.txt");
            Files.writeString(a, "alpha contents");
            Path b = dir.resolve("b.txt");
            Files.copy(a, b);
            System.out.println("copied " + Files.readString(b) + " src still " + Files.exists(a));
            try {
                Files.copy(a, b);
            } catch (FileAlreadyExistsException e) {
                System.out.println("copy onto existing: FileAlreadyExistsException " + Path.of(e.getFile()).getFileName());
            }
            Files.writeString(a, "new alpha");
            Files.copy(a, b, StandardCopyOption.REPLACE_EXISTING);
            System.out.println("replaced " + Files.readString(b));
            Path c = dir.resolve("c.txt");
            Files.move(b, c);
            System.out.println("moved " + Files.exists(b) + " " + Files.readString(c));
            Files.move(c, a, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            System.out.println("atomic move " + Files.exists(c) + " " + Files.readString(a));
            try {
                Files.move(dir.resolve("nothing"), c);
            } catch (NoSuchFileException e) {
                System.out.println("move missing: NoSuchFileException " + Path.of(e.getFile()).getFileName());
            }
            long n = Files.copy(new ByteArrayInputStream("from a stream".getBytes()), dir.resolve("s.txt"));
            System.out.println("stream copy " + n + " " + Files.readString(dir.resolve("s.txt")));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long m = Files.copy(a, out);
            System.out.println("to stream " + m + " " + out);
            Path sub = dir.resolve("sub");
            Files.createDirectory(sub);
            Files.copy(sub, dir.resolve("sub2"));
            System.out.println("dir copy is dir " + Files.isDirectory(dir.resolve("sub2")));
            Files.move(sub, dir.resolve("sub3"));
            System.out.println("dir moved " + Files.isDirectory(dir.resolve("sub3")) + " " + Files.exists(sub));
            Files.writeString(dir.resolve("sub3/inner"), "x");
            try {
                Files.move(dir.resolve("sub2"), dir.resolve("sub3"), StandardCopyOption.REPLACE_EXISTING);
            } catch (DirectoryNotEmptyException e) {
                System.out.println("replace non-empty dir: DirectoryNotEmptyException");
            }
            Files.delete(dir.resolve("sub3/inner"));
            for (String s : List.of("a.txt", "s.txt", "sub2", "sub3")) Files.delete(dir.resolve(s));
        } finally {
            Files.delete(dir);
        }
        System.out.println("done");
    }
}
