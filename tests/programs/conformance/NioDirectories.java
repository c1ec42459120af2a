import java.io.IOException;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/** Directories: create, list, walk, directory streams with globs and filters, delete. */
public class NioDirectories {
    static String rel(Path root, Path p) {
        return root.relativize(p).toString().replace('\\', '/');
    }

    public static void main(String[] args) throws IOException {
        Path root = Files.createTempDirectory("jvmc-dirs");
        try {
            Path deep = root.resolve("a/b/c");
            Files.createDirectories(deep);
            System.out.println("deep is dir " + Files.isDirectory(deep));
            Files.createDirectories(deep);
            System.out.println("again ok");
            Files.createDirectory(root.resolve("d"));
            for (String f : List.of("a/one.txt", "a/two.java", "a/b/three.txt", "a/b/c/four.md", "d/five.txt", "top.java")) {
                Files.writeString(root.resolve(f), f);
            }
            try (Stream<Path> s = Files.list(root)) {
                System.out.println("list " + s.map(p -> rel(root, p)).sorted().collect(Collectors.toList()));
            }
            try (Stream<Path> s = Files.walk(root)) {
                System.out.println("walk " + s.map(p -> rel(root, p)).sorted().collect(Collectors.toList()));
            }
            try (Stream<Path> s = Files.walk(root, 1)) {
                System.out.println("walk1 " + s.map(p -> rel(root, p)).sorted().collect(Collectors.toList()));
            }
            try (Stream<Path> s = Files.find(root, 10, (p, a) -> a.isRegularFile() && p.toString().endsWith(".txt"))) {
                System.out.println("find " + s.map(p -> rel(root, p)).sorted().collect(Collectors.toList()));
            }
            List<String> globbed = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root.resolve("a"), "*.{txt,java}")) {
                for (Path p : ds) globbed.add(p.getFileName().toString());
            }
            Collections.sort(globbed);
            System.out.println("glob " + globbed);
            List<String> dirsOnly = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, Files::isDirectory)) {
                for (Path p : ds) dirsOnly.add(p.getFileName().toString());
            }
            Collections.sort(dirsOnly);
            System.out.println("dirs " + dirsOnly);
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root.resolve("d"))) {
                Iterator<Path> it = ds.iterator();
                System.out.println("d has " + it.next().getFileName() + " more " + it.hasNext());
                try {
                    ds.iterator();
                } catch (IllegalStateException e) {
                    System.out.println("second iterator: IllegalStateException");
                }
            }
            try {
                Files.delete(root.resolve("a"));
            } catch (DirectoryNotEmptyException e) {
                System.out.println("DirectoryNotEmptyException " + rel(root, Path.of(e.getFile())));
            }
            try {
                Files.createDirectory(root.resolve("d"));
            } catch (FileAlreadyExistsException e) {
                System.out.println("FileAlreadyExistsException " + rel(root, Path.of(e.getFile())));
            }
            try {
                Files.createDirectory(root.resolve("nope/x"));
            } catch (NoSuchFileException e) {
                System.out.println("NoSuchFileException " + rel(root, Path.of(e.getFile())));
            }
            try {
                Files.newDirectoryStream(root.resolve("top.java")).close();
            } catch (NotDirectoryException e) {
                System.out.println("NotDirectoryException " + rel(root, Path.of(e.getFile())));
            }
            List<Path> all;
            try (Stream<Path> s = Files.walk(root)) {
                all = s.sorted(Comparator.reverseOrder()).collect(Collectors.toList());
            }
            for (Path p : all) Files.delete(p);
            System.out.println("deleted " + all.size() + " gone " + Files.notExists(root));
            System.out.println("deleteIfExists " + Files.deleteIfExists(root));
        } finally {
            if (Files.exists(root)) {
                try (Stream<Path> s = Files.walk(root)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) Files.delete(p);
                }
            }
        }
    }
}
