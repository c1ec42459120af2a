import java.io.IOException;
import java.nio.file.*;
import java.util.*;

/** Path operations: parsing, names, resolve/relativize/normalize, comparisons, absolute
 *  and real paths (printed relative to a known base so the output is deterministic). */
public class NioPathOps {
    public static void main(String[] args) throws IOException {
        Path p = Path.of("a", "b", "..", "c", ".", "d.txt");
        System.out.println(p + " count " + p.getNameCount() + " name " + p.getFileName() + " parent " + p.getParent() + " root " + p.getRoot());
        System.out.println("normalize " + p.normalize());
        Path abs = Paths.get("/usr//local/./lib/");
        System.out.println(abs + " absolute " + abs.isAbsolute() + " root " + abs.getRoot() + " names " + abs.getNameCount());
        for (Path n : abs) System.out.print("[" + n + "]");
        System.out.println();
        System.out.println("subpath " + abs.subpath(1, 3) + " name0 " + abs.getName(0));
        System.out.println("resolve " + abs.resolve("x/y") + " " + abs.resolve("/etc") + " sibling " + abs.resolveSibling("bin"));
        System.out.println("relativize " + Path.of("/a/b/c").relativize(Path.of("/a/x/y")) + " " + Path.of("a/b").relativize(Path.of("a/b/c/d")) + " [" + Path.of("a").relativize(Path.of("a")) + "]");
        System.out.println("starts " + abs.startsWith("/usr") + " " + abs.startsWith("/us") + " ends " + abs.endsWith("lib") + " " + abs.endsWith("local/lib"));
        System.out.println("equals " + Path.of("x/y").equals(Path.of("x", "y")) + " compare " + Integer.signum(Path.of("a").compareTo(Path.of("b"))) + " hash eq " + (Path.of("q").hashCode() == Path.of("q").hashCode()));
        System.out.println("empty [" + Path.of("") + "] count " + Path.of("").getNameCount() + " name [" + Path.of("").getFileName() + "]");
        System.out.println("root parent " + Path.of("/").getParent() + " root name " + Path.of("/").getFileName());
        Path cwd = Path.of("").toAbsolutePath();
        System.out.println("cwd absolute " + cwd.isAbsolute() + " matches user.dir " + cwd.toString().equals(System.getProperty("user.dir")));
        Path rel = Path.of("some", "file.txt");
        System.out.println("toAbsolutePath " + cwd.relativize(rel.toAbsolutePath()));
        System.out.println("toUri ends " + rel.toUri().toString().endsWith("/some/file.txt") + " scheme " + rel.toUri().getScheme());
        System.out.println("fromUri " + Path.of(java.net.URI.create("file:///tmp/x%20y")));
        System.out.println("toFile " + rel.toFile().getPath() + " back " + rel.toFile().toPath().equals(rel));
        System.out.println("fs " + p.getFileSystem().equals(FileSystems.getDefault()) + " sep " + FileSystems.getDefault().getSeparator() + " roots " + FileSystems.getDefault().getRootDirectories().iterator().next());
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:**/*.java");
        System.out.println("glob " + m.matches(Path.of("src/a/B.java")) + " " + m.matches(Path.of("B.java")) + " " + m.matches(Path.of("src/B.class")));
        PathMatcher re = FileSystems.getDefault().getPathMatcher("regex:[a-c]+\\.txt");
        System.out.println("regex " + re.matches(Path.of("abc.txt")) + " " + re.matches(Path.of("abd.txt")));
        try {
            Path.of("bad\0name");
        } catch (InvalidPathException e) {
            System.out.println("InvalidPathException " + e.getReason() + " at " + e.getIndex());
        }
        Path dir = Files.createTempDirectory("jvmc-path");
        try {
            Path real = dir.toRealPath();
            Files.createDirectory(dir.resolve("inner"));
            Path twisted = dir.resolve("inner/../inner/./");
            System.out.println("realPath " + real.relativize(twisted.toRealPath()));
            Files.createSymbolicLink(dir.resolve("ln"), Path.of("inner"));
            System.out.println("via link " + real.relativize(dir.resolve("ln").toRealPath()) + " nofollow " + real.relativize(dir.resolve("ln").toRealPath(LinkOption.NOFOLLOW_LINKS)));
            try {
                dir.resolve("missing").toRealPath();
            } catch (NoSuchFileException e) {
                System.out.println("toRealPath missing: NoSuchFileException");
            }
            Files.delete(dir.resolve("ln"));
            Files.delete(dir.resolve("inner"));
        } finally {
            Files.delete(dir);
        }
    }
}
