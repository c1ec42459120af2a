import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.*;
import java.util.*;
import java.util.concurrent.TimeUnit;

/** File attributes: type tests, size, basic and POSIX attribute views, times, permissions. */
public class NioAttributes {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-attrs");
        Path f = dir.resolve("f.txt");
        Path link = dir.resolve("link");
        try {
            Files.writeString(f, "0123456789");
            System.out.println("regular " + Files.isRegularFile(f) + " dir " + Files.isDirectory(f) + " other " + Files.isSymbolicLink(f));
            System.out.println("dir: regular " + Files.isRegularFile(dir) + " dir " + Files.isDirectory(dir));
            System.out.println("readable " + Files.isReadable(f) + " writable " + Files.isWritable(f) + " executable " + Files.isExecutable(f) + " hidden " + Files.isHidden(f));
            System.out.println("hidden dotfile " + Files.isHidden(dir.resolve(".x")));
            System.out.println("missing: exists " + Files.exists(dir.resolve("zz")) + " readable " + Files.isReadable(dir.resolve("zz")) + " dir " + Files.isDirectory(dir.resolve("zz")));
            BasicFileAttributes b = Files.readAttributes(f, BasicFileAttributes.class);
            System.out.println("basic size " + b.size() + " regular " + b.isRegularFile() + " dir " + b.isDirectory() + " link " + b.isSymbolicLink() + " other " + b.isOther());
            System.out.println("fileKey non-null " + (b.fileKey() != null));
            System.out.println("same key " + b.fileKey().equals(Files.readAttributes(f, BasicFileAttributes.class).fileKey()));
            FileTime set = FileTime.from(1_600_000_000L, TimeUnit.SECONDS);
            Files.setLastModifiedTime(f, set);
            System.out.println("mtime " + Files.getLastModifiedTime(f) + " " + Files.getLastModifiedTime(f).toMillis());
            System.out.println("attr map size " + Files.readAttributes(f, "size,isDirectory"));
            System.out.println("getAttribute " + Files.getAttribute(f, "basic:size") + " " + Files.getAttribute(f, "lastModifiedTime"));
            Set<PosixFilePermission> perms = PosixFilePermissions.fromString("rw-r-----");
            Files.setPosixFilePermissions(f, perms);
            System.out.println("perms " + PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
            PosixFileAttributes px = Files.readAttributes(f, PosixFileAttributes.class);
            System.out.println("posix perms " + PosixFilePermissions.toString(px.permissions()) + " owner named " + !px.owner().getName().isEmpty() + " size " + px.size());
            Files.setAttribute(f, "posix:permissions", PosixFilePermissions.fromString("rwxr-xr-x"));
            System.out.println("executable now " + Files.isExecutable(f) + " " + Files.getAttribute(f, "posix:permissions").toString().length());
            Files.createSymbolicLink(link, f.getFileName());
            System.out.println("link: symlink " + Files.isSymbolicLink(link) + " regular " + Files.isRegularFile(link) + " nofollow regular " + Files.isRegularFile(link, LinkOption.NOFOLLOW_LINKS));
            System.out.println("link target " + Files.readSymbolicLink(link));
            System.out.println("link size " + Files.size(link) + " same " + Files.isSameFile(link, f));
            BasicFileAttributes lb = Files.readAttributes(link, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            System.out.println("link attrs symlink " + lb.isSymbolicLink() + " size " + lb.size());
            System.out.println("real name " + link.toRealPath().getFileName());
            BasicFileAttributeView view = Files.getFileAttributeView(f, BasicFileAttributeView.class);
            view.setTimes(FileTime.fromMillis(1_500_000_000_000L), null, null);
            System.out.println("view mtime " + view.readAttributes().lastModifiedTime().toMillis() + " name " + view.name());
            System.out.println("owner same " + Files.getOwner(f).equals(Files.getOwner(dir)));
        } finally {
            Files.deleteIfExists(link);
            Files.deleteIfExists(f);
            Files.delete(dir);
        }
    }
}
