import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.*;

/** java.io files: FileInputStream/FileOutputStream/RandomAccessFile and java.io.File
 *  operations (create, list, rename, delete, mkdir, lengths, permissions). */
public class IoFileStreams {
    public static void main(String[] args) throws IOException {
        File dir = Files.createTempDirectory("jvmc-io").toFile();
        File f = new File(dir, "data.bin");
        try {
            try (FileOutputStream out = new FileOutputStream(f)) {
                out.write("hello file".getBytes(StandardCharsets.US_ASCII));
                out.write('!');
            }
            try (FileOutputStream out = new FileOutputStream(f, true)) {
                out.write(" more".getBytes(StandardCharsets.US_ASCII));
            }
            System.out.println("length " + f.length() + " exists " + f.exists() + " file " + f.isFile() + " dir " + f.isDirectory());
            try (FileInputStream in = new FileInputStream(f)) {
                System.out.println("available " + in.available() + " first " + (char) in.read() + " skip " + in.skip(4) + " available " + in.available());
                byte[] b = new byte[64];
                int n = in.read(b, 2, 10);
                System.out.println("read " + n + " '" + new String(b, 2, n, StandardCharsets.US_ASCII) + "'");
                System.out.println("rest " + new String(in.readAllBytes(), StandardCharsets.US_ASCII) + " eof " + in.read() + " " + in.read(b));
            }
            try (RandomAccessFile raf = new RandomAccessFile(f, "rw")) {
                System.out.println("raf length " + raf.length() + " ptr " + raf.getFilePointer());
                raf.seek(6);
                raf.write("FILE".getBytes(StandardCharsets.US_ASCII));
                System.out.println("ptr " + raf.getFilePointer());
                raf.seek(0);
                System.out.println("line " + raf.readLine());
                raf.seek(raf.length());
                raf.writeInt(0x01020304);
                raf.writeUTF("utf");
                raf.seek(16);
                System.out.println("int " + Integer.toHexString(raf.readInt()) + " utf " + raf.readUTF() + " ptr " + raf.getFilePointer());
                raf.setLength(5);
                System.out.println("setLength " + raf.length() + " ptr " + raf.getFilePointer() + " read " + raf.read());
                raf.seek(0);
                byte[] all = new byte[10];
                raf.readFully(all, 0, 5);
                System.out.println("fully " + new String(all, 0, 5, StandardCharsets.US_ASCII));
                try {
                    raf.readFully(all);
                } catch (EOFException e) {
                    System.out.println("EOFException");
                }
            }
            try (RandomAccessFile ro = new RandomAccessFile(f, "r")) {
                ro.write(1);
            } catch (IOException e) {
                System.out.println("read-only write: " + e.getClass().getSimpleName());
            }
            try {
                new FileInputStream(new File(dir, "missing"));
            } catch (FileNotFoundException e) {
                System.out.println("FileNotFoundException " + e.getMessage().endsWith("missing (No such file or directory)"));
            }
            try {
                new FileOutputStream(dir);
            } catch (FileNotFoundException e) {
                System.out.println("dir as output: " + e.getMessage().endsWith("(Is a directory)"));
            }
            File sub = new File(dir, "sub");
            System.out.println("mkdir " + sub.mkdir() + " again " + sub.mkdir() + " mkdirs " + new File(sub, "x/y").mkdirs());
            File g = new File(sub, "g.txt");
            System.out.println("createNewFile " + g.createNewFile() + " again " + g.createNewFile());
            String[] names = sub.list();
            Arrays.sort(names);
            System.out.println("list " + Arrays.toString(names));
            File[] files = sub.listFiles((d, n) -> n.endsWith(".txt"));
            System.out.println("listFiles " + files.length + " " + files[0].getName());
            File h = new File(sub, "h.txt");
            System.out.println("renameTo " + g.renameTo(h) + " old " + g.exists() + " new " + h.exists());
            System.out.println("setReadOnly " + h.setReadOnly() + " canWrite " + h.canWrite() + " canRead " + h.canRead());
            System.out.println("setWritable " + h.setWritable(true) + " setExecutable " + h.setExecutable(true, true) + " canExecute " + h.canExecute());
            System.out.println("setLastModified " + h.setLastModified(1_234_567_000L) + " " + h.lastModified());
            System.out.println("delete non-empty " + sub.delete());
            System.out.println("delete " + new File(sub, "x/y").delete() + " " + new File(sub, "x").delete() + " " + h.delete() + " " + sub.delete() + " " + f.delete());
            System.out.println("missing delete " + f.delete() + " length " + f.length());
            File tmp = File.createTempFile("jvmc", ".t", dir);
            System.out.println("createTempFile " + tmp.getName().startsWith("jvmc") + " " + tmp.delete());
            System.out.println("canonical " + new File(dir, "a/../b/./c").getCanonicalFile().getName() + " absolute " + new File("rel").getAbsoluteFile().getName());
            System.out.println("space " + (dir.getTotalSpace() > 0) + " " + (dir.getUsableSpace() >= 0));
        } finally {
            f.delete();
            System.out.println("dir delete " + dir.delete());
        }
    }
}
