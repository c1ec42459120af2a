// jvmc-check: verdict=ok
// outcome: 0 1
// outcome: 1 1
// Regression test for off-heap memory outside the model checker's state (issue 9):
// a direct buffer's memory must be undone on backtracking. Only main writes the
// buffer (once, after reading a volatile the other thread may set), so its int is
// always 1; jvmc used to carry the writes of one explored path into the next and
// print "0 2", "0 3", ...
import java.nio.ByteBuffer;

public class OffHeapDirectBufferUndo {
    static volatile boolean flag;

    public static void main(String[] args) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Thread t = new Thread(() -> flag = true);
        t.start();
        boolean f = flag;
        b.putInt(0, b.getInt(0) + 1);
        t.join();
        System.out.println((f ? 1 : 0) + " " + b.getInt(0));
    }
}
