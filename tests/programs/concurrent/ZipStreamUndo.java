// jvmc-check: verdict=ok
// outcome: [hello][ world]
// outcome: [world][hello ]
// Regression test for native state outside the model checker's state (issue 9): an
// Inflater's zlib stream must be undone on backtracking. Two threads take turns on one
// inflater (its methods lock it): whoever comes first gets the start of the text.
import java.util.zip.Deflater;
import java.util.zip.Inflater;

public class ZipStreamUndo {
    public static void main(String[] args) throws Exception {
        byte[] text = "hello world".getBytes("US-ASCII");
        Deflater d = new Deflater();
        d.setInput(text);
        d.finish();
        byte[] packed = new byte[64];
        int n = d.deflate(packed);
        d.end();
        Inflater inf = new Inflater();
        inf.setInput(packed, 0, n);
        byte[] a = new byte[5];
        int[] got = new int[1];
        Thread t = new Thread(() -> {
            try {
                got[0] = inf.inflate(a);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        byte[] b = new byte[6];
        int m = inf.inflate(b);
        t.join();
        System.out.println("[" + new String(a, 0, got[0], "US-ASCII") + "][" + new String(b, 0, m, "US-ASCII") + "]");
        inf.end();
    }
}
