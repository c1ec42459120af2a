import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/** FileChannel: open options, read/write with heap and direct buffers, positions, size,
 *  truncate, force, positional reads and writes, scattering/gathering, transfers. */
public class NioFileChannel {
    static String str(ByteBuffer b) {
        b.flip();
        byte[] x = new byte[b.remaining()];
        b.get(x);
        return new String(x, StandardCharsets.US_ASCII);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jvmc-fc");
        Path f = dir.resolve("ch.bin");
        try {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
                System.out.println("open pos " + ch.position() + " size " + ch.size() + " isOpen " + ch.isOpen());
                int w = ch.write(ByteBuffer.wrap("0123456789".getBytes()));
                System.out.println("wrote " + w + " pos " + ch.position() + " size " + ch.size());
                ByteBuffer direct = ByteBuffer.allocateDirect(6);
                direct.put("ABCDEF".getBytes()).flip();
                System.out.println("direct wrote " + ch.write(direct) + " pos " + ch.position());
                ch.position(3);
                ByteBuffer r = ByteBuffer.allocate(4);
                System.out.println("read " + ch.read(r) + " '" + str(r) + "' pos " + ch.position());
                ByteBuffer dr = ByteBuffer.allocateDirect(100);
                System.out.println("direct read " + ch.read(dr) + " '" + str(dr) + "' pos " + ch.position());
                dr.clear();
                System.out.println("at end " + ch.read(dr));
                System.out.println("pwrite " + ch.write(ByteBuffer.wrap("xy".getBytes()), 1) + " pos still " + ch.position());
                ByteBuffer pr = ByteBuffer.allocate(5);
                System.out.println("pread " + ch.read(pr, 0) + " '" + str(pr) + "'");
                ch.truncate(12);
                System.out.println("truncated size " + ch.size() + " pos " + ch.position());
                ch.force(true);
                ch.force(false);
                ch.position(20);
                ch.write(ByteBuffer.wrap("Z".getBytes()));
                System.out.println("sparse size " + ch.size());
                ByteBuffer[] parts = { ByteBuffer.allocate(3), ByteBuffer.allocate(4) };
                ch.position(0);
                System.out.println("scatter " + ch.read(parts) + " '" + str(parts[0]) + "' '" + str(parts[1]) + "'");
                ch.position(0);
                long g = ch.write(new ByteBuffer[] { ByteBuffer.wrap("ab".getBytes()), ByteBuffer.wrap("cd".getBytes()) });
                System.out.println("gather " + g + " pos " + ch.position());
            }
            byte[] all = Files.readAllBytes(f);
            StringBuilder sb = new StringBuilder();
            for (byte b : all) sb.append(b == 0 ? '.' : (char) b);
            System.out.println("file " + sb);
            Path g = dir.resolve("copy.bin");
            try (FileChannel src = FileChannel.open(f); FileChannel dst = FileChannel.open(g, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                System.out.println("transferTo " + src.transferTo(2, 6, dst) + " src pos " + src.position() + " dst pos " + dst.position());
                System.out.println("transferFrom " + dst.transferFrom(src, 6, 4) + " dst pos " + dst.position() + " src pos " + src.position());
            }
            System.out.println("copy " + new String(Files.readAllBytes(g), StandardCharsets.US_ASCII).replace('\0', '.'));
            try (FileChannel ro = FileChannel.open(f, StandardOpenOption.READ)) {
                ro.write(ByteBuffer.wrap(new byte[] {1}));
            } catch (NonWritableChannelException e) {
                System.out.println("read-only write: NonWritableChannelException");
            }
            FileChannel closed = FileChannel.open(f);
            closed.close();
            try {
                closed.position();
            } catch (ClosedChannelException e) {
                System.out.println("closed: ClosedChannelException");
            }
            try (FileChannel ap = FileChannel.open(f, StandardOpenOption.APPEND)) {
                ap.write(ByteBuffer.wrap("END".getBytes()));
                System.out.println("append pos " + ap.position() + " size " + ap.size());
            }
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                FileChannel ch = raf.getChannel();
                raf.seek(4);
                System.out.println("raf channel pos " + ch.position());
                ch.position(7);
                System.out.println("raf pointer " + raf.getFilePointer() + " read " + (char) raf.read());
            }
            try (FileInputStream in = new FileInputStream(f.toFile())) {
                in.read();
                in.read();
                FileChannel ch = in.getChannel();
                System.out.println("stream channel pos " + ch.position() + " size " + ch.size());
            }
            try (SeekableByteChannel sb2 = Files.newByteChannel(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                sb2.position(sb2.size() - 3);
                ByteBuffer e = ByteBuffer.allocate(10);
                sb2.read(e);
                System.out.println("byte channel tail '" + str(e) + "' " + sb2.getClass().getSimpleName().isEmpty());
                sb2.truncate(5);
                System.out.println("byte channel size " + sb2.size() + " pos " + sb2.position());
            }
            Files.delete(g);
            Files.delete(f);
        } finally {
            Files.deleteIfExists(f);
            Files.delete(dir);
        }
    }
}
