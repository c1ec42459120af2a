import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.*;
import java.util.*;

/** Temporary files and directories: names, permissions, uniqueness, clean-up. */
public class NioTempFiles {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-tmp");
        try {
            String dn = dir.getFileName().toString();
            System.out.println("dir prefix " + dn.startsWith("jvmc-tmp") + " longer " + (dn.length() > "jvmc-tmp".length()));
            System.out.println("dir perms " + PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
            System.out.println("in tmpdir " + dir.getParent().equals(Path.of(System.getProperty("java.io.tmpdir"))));
            Set<String> names = new TreeSet<>();
            for (int i = 0; i < 5; i++) {
                Path t = Files.createTempFile(dir, "pre", ".suf");
                String n = t.getFileName().toString();
                names.add(n);
                System.out.println("file " + n.startsWith("pre") + " " + n.endsWith(".suf") + " empty " + (Files.size(t) == 0));
            }
            System.out.println("unique " + names.size());
            Path noSuffix = Files.createTempFile(dir, null, null);
            System.out.println("default suffix " + noSuffix.getFileName().toString().endsWith(".tmp"));
            System.out.println("file perms " + PosixFilePermissions.toString(Files.getPosixFilePermissions(noSuffix)));
            Path custom = Files.createTempFile(dir, "c", ".x", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            System.out.println("custom perms " + PosixFilePermissions.toString(Files.getPosixFilePermissions(custom)));
            Path sub = Files.createTempDirectory(dir, "sub");
            System.out.println("sub is dir " + Files.isDirectory(sub) + " parent ok " + sub.getParent().equals(dir));
            Path created = Files.createFile(sub.resolve("made"));
            System.out.println("createFile size " + Files.size(created));
            try {
                Files.createFile(created);
            } catch (FileAlreadyExistsException e) {
                System.out.println("again: FileAlreadyExistsException");
            }
            try {
                Files.createTempFile(dir.resolve("missing"), "x", "y");
            } catch (NoSuchFileException e) {
                System.out.println("missing dir: NoSuchFileException");
            }
            try {
                Files.createTempFile(dir, "a/b", null);
            } catch (IllegalArgumentException e) {
                System.out.println("bad prefix: " + e.getMessage());
            }
            int count = 0;
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    count++;
                    if (Files.isDirectory(p)) {
                        try (DirectoryStream<Path> inner = Files.newDirectoryStream(p)) {
                            for (Path q : inner) Files.delete(q);
                        }
                    }
                    Files.delete(p);
                }
            }
            System.out.println("cleaned " + count);
        } finally {
            Files.delete(dir);
        }
        System.out.println("gone " + !Files.exists(dir));
    }
}
