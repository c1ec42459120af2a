import java.io.IOException;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.*;

/** Files.walkFileTree with a visitor: order of pre/post visits (children sorted by the
 *  visitor), skipping subtrees, terminating early, and deleting a tree. */
public class NioWalkTree {
    public static void main(String[] args) throws IOException {
        Path root = Files.createTempDirectory("jvmc-tree");
        try {
            for (String d : List.of("p/q", "p/r", "s")) Files.createDirectories(root.resolve(d));
            for (String f : List.of("p/q/1", "p/q/2", "p/r/3", "s/4", "5")) Files.writeString(root.resolve(f), f);
            List<String> events = new ArrayList<>();
            long[] bytes = {0};
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                    events.add("pre " + root.relativize(d));
                    return root.relativize(d).toString().equals("p/r") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    events.add("file " + root.relativize(f) + " " + a.size());
                    bytes[0] += a.size();
                    return FileVisitResult.CONTINUE;
                }
                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    events.add("post " + root.relativize(d));
                    return FileVisitResult.CONTINUE;
                }
            });
            Collections.sort(events);
            events.forEach(System.out::println);
            System.out.println("bytes " + bytes[0]);
            int[] seen = {0};
            Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), 1, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    seen[0]++;
                    return FileVisitResult.CONTINUE;
                }
            });
            System.out.println("depth 1 entries " + seen[0]);
            int[] before = {0};
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    before[0]++;
                    return FileVisitResult.TERMINATE;
                }
            });
            System.out.println("terminated after " + before[0]);
            Files.walkFileTree(root.resolve("missing"), new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    System.out.println("visitFileFailed " + e.getClass().getSimpleName());
                    return FileVisitResult.CONTINUE;
                }
            });
        } finally {
            int[] deleted = {0};
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    Files.delete(f);
                    deleted[0]++;
                    return FileVisitResult.CONTINUE;
                }
                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    deleted[0]++;
                    return FileVisitResult.CONTINUE;
                }
            });
            System.out.println("deleted " + deleted[0] + " gone " + Files.notExists(root));
        }
    }
}
