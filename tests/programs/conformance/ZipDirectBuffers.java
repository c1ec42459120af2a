import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

// Inflater and Deflater on direct buffers (the *Buffer* natives read and write
// off-heap memory) and on heap buffers, every combination of input and output.
public class ZipDirectBuffers {
    static ByteBuffer buffer(boolean direct, int n) {
        return direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
    }

    public static void main(String[] args) throws DataFormatException {
        byte[] text = new byte[3000];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ("abcabd".charAt(i % 6) + (i / 500));
        }
        for (int mode = 0; mode < 4; mode++) {
            boolean directIn = (mode & 1) != 0, directOut = (mode & 2) != 0;
            Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
            ByteBuffer in = buffer(directIn, text.length);
            in.put(text).flip();
            d.setInput(in);
            d.finish();
            ByteBuffer packed = buffer(directOut, 4096);
            while (!d.finished()) {
                d.deflate(packed);
            }
            d.end();
            packed.flip();
            System.out.println("mode " + mode + ": deflated " + in.position() + " bytes, compressed to under a tenth: " + (packed.remaining() < text.length / 10));
            Inflater inf = new Inflater();
            ByteBuffer src = buffer(directOut, packed.remaining());
            src.put(packed).flip();
            inf.setInput(src);
            ByteBuffer out = buffer(directIn, 700);
            byte[] all = new byte[text.length];
            int total = 0;
            while (!inf.finished()) {
                out.clear();
                int n = inf.inflate(out);
                out.flip();
                out.get(all, total, n);
                total += n;
            }
            System.out.println("  inflated " + total + " bytes, equal: " + Arrays.equals(all, text) + ", all input read: " + (inf.getBytesRead() == src.limit()));
            inf.end();
        }
        Inflater bad = new Inflater();
        ByteBuffer junk = ByteBuffer.allocateDirect(8);
        junk.put(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}).flip();
        bad.setInput(junk);
        try {
            bad.inflate(ByteBuffer.allocateDirect(16));
            System.out.println("no exception");
        } catch (DataFormatException e) {
            System.out.println("DataFormatException");
        }
        bad.end();
    }
}
