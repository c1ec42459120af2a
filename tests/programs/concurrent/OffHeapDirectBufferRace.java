// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: 0
// outcome: -1
// Regression test for off-heap memory outside the model checker's state (issue 9):
// accesses to a direct buffer are scheduling points under every policy, and its
// memory is undone on backtracking, so the read before the other thread's write (0)
// is found as well as the read after it (-1).
import java.nio.ByteBuffer;

public class OffHeapDirectBufferRace {
    public static void main(String[] args) throws Exception {
        ByteBuffer b = ByteBuffer.allocateDirect(16);
        Thread reader = new Thread(() -> System.out.println(b.getInt(0)));
        reader.start();
        b.putInt(0, -1);
        reader.join();
    }
}
