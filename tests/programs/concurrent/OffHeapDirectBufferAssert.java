// jvmc-check: verdict=ok
// outcome: false
// outcome: true
// Regression test for off-heap memory outside the model checker's state (issue 9):
// the assert variant. jvmc used to report a bogus violation here (a write surviving
// backtracking) that then failed to replay.
import java.nio.ByteBuffer;

public class OffHeapDirectBufferAssert {
    static volatile boolean flag;

    public static void main(String[] args) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Thread t = new Thread(() -> flag = true);
        t.start();
        boolean f = flag;
        b.putInt(0, b.getInt(0) + 1);
        t.join();
        assert b.getInt(0) == 1 : "the buffer holds " + b.getInt(0);
        System.out.println(f);
    }
}
