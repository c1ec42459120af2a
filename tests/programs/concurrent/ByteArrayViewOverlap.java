// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: seen=00000000
// outcome: seen=00000007
// outcome: seen=00000607
// outcome: seen=00050607
// Regression test for the location of multi-byte `Unsafe` accesses (issue 9, defect 3):
// an aligned `compareAndSetInt` over bytes 8..11 of a byte array (a byte-array view's
// CAS at index 8) must conflict with plain byte accesses to any of those bytes, not
// only byte 8. The reader's misaligned plain `get` at index 7 reads bytes 7, 8, 9, 10
// one `getByte` at a time (`Unsafe.getIntUnaligned`), so the atomic CAS lands before
// the read of byte 8, 9 or 10, or after all of them: big-endian 00 05 06 07, 00 00 06
// 07, 00 00 00 07 or all zero. A reduction that took the CAS for an access to byte 8
// alone would lose the two middle outcomes.
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

public class ByteArrayViewOverlap {
    static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final byte[] bytes = new byte[16];
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> INTS.compareAndSet(bytes, 8, 0, 0x05060708));
        Thread reader = new Thread(() -> seen = (int) INTS.get(bytes, 7));
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.printf("seen=%08x%n", seen);
    }
}
