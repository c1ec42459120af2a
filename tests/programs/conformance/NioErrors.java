import java.io.*;
import java.nio.channels.*;
import java.nio.file.*;
import java.nio.file.attribute.*;
import java.util.*;

/** The exceptions file-system failures turn into: types, files and reasons. */
public class NioErrors {
    static Path base;

    static String show(Exception e) {
        String s = e.getClass().getName();
        if (e instanceof FileSystemException) {
            FileSystemException f = (FileSystemException) e;
            s += " file=" + name(f.getFile()) + " other=" + name(f.getOtherFile()) + " reason=" + f.getReason();
        } else {
            s += " " + String.valueOf(e.getMessage()).replace(base.toString(), "<base>");
        }
        return s;
    }

    static String name(String p) {
        return p == null ? null : base.relativize(Path.of(p)).toString();
    }

    interface Op { void run() throws Exception; }

    static void attempt(String label, Op op) {
        try {
            op.run();
            System.out.println(label + ": ok");
        } catch (Exception e) {
            System.out.println(label + ": " + show(e));
        }
    }

    public static void main(String[] args) throws IOException {
        base = Files.createTempDirectory("jvmc-err");
        Path file = base.resolve("file");
        Path dir = base.resolve("dir");
        Files.writeString(file, "x");
        Files.createDirectory(dir);
        Files.writeString(dir.resolve("inside"), "y");
        try {
            attempt("read missing", () -> Files.readAllBytes(base.resolve("missing")));
            attempt("size missing", () -> Files.size(base.resolve("missing")));
            attempt("attrs missing", () -> Files.readAttributes(base.resolve("missing"), BasicFileAttributes.class));
            attempt("delete missing", () -> Files.delete(base.resolve("missing")));
            attempt("delete non-empty", () -> Files.delete(dir));
            attempt("createDirectory exists", () -> Files.createDirectory(file));
            attempt("createDirectories over file", () -> Files.createDirectories(file.resolve("sub")));
            attempt("createFile exists", () -> Files.createFile(file));
            attempt("createFile no parent", () -> Files.createFile(base.resolve("no/such")));
            attempt("read dir", () -> Files.readAllBytes(dir));
            attempt("write dir", () -> Files.writeString(dir, "z"));
            attempt("list file", () -> Files.list(file).close());
            attempt("file as parent", () -> Files.writeString(file.resolve("child"), "z"));
            attempt("move onto dir", () -> Files.move(file, dir));
            attempt("copy missing", () -> Files.copy(base.resolve("missing"), base.resolve("t")));
            attempt("copy onto file", () -> Files.copy(dir, file));
            attempt("link exists", () -> Files.createSymbolicLink(file, dir));
            attempt("readSymbolicLink regular", () -> Files.readSymbolicLink(file));
            attempt("channel missing", () -> FileChannel.open(base.resolve("missing")).close());
            attempt("newByteChannel CREATE_NEW exists", () -> Files.newByteChannel(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close());
            attempt("lastModified missing", () -> Files.getLastModifiedTime(base.resolve("missing")));
            attempt("setPermissions missing", () -> Files.setPosixFilePermissions(base.resolve("missing"), EnumSet.noneOf(PosixFilePermission.class)));
            attempt("walk missing", () -> Files.walk(base.resolve("missing")).close());
            attempt("toRealPath missing", () -> base.resolve("missing/x").toRealPath());
            attempt("io FileReader missing", () -> new FileReader(base.resolve("missing").toFile()).close());
            attempt("deleteIfExists dir non-empty", () -> Files.deleteIfExists(dir));
            attempt("bad attr view", () -> Files.getAttribute(file, "basic:nope"));
            attempt("unsupported option", () -> Files.newByteChannel(file, StandardOpenOption.APPEND, StandardOpenOption.READ).close());
        } finally {
            Files.delete(dir.resolve("inside"));
            Files.delete(dir);
            Files.delete(file);
            Files.deleteIfExists(base.resolve("t"));
            Files.delete(base);
        }
        System.out.println("clean " + Files.notExists(base));
    }
}
