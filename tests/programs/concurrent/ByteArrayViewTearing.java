// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: whole=00000000 torn=00000000
// outcome: whole=00000000 torn=00000004
// outcome: whole=00000000 torn=00000300
// outcome: whole=00000000 torn=00000304
// outcome: whole=00000000 torn=00020000
// outcome: whole=00000000 torn=00020004
// outcome: whole=00000000 torn=00020300
// outcome: whole=00000000 torn=00020304
// outcome: whole=00000000 torn=01000000
// outcome: whole=00000000 torn=01000004
// outcome: whole=00000000 torn=01000300
// outcome: whole=00000000 torn=01000304
// outcome: whole=00000000 torn=01020000
// outcome: whole=00000000 torn=01020004
// outcome: whole=00000000 torn=01020300
// outcome: whole=00000000 torn=01020304
// outcome: whole=05060708 torn=01020304
// Regression test for byte-array views run as the JDK runs them (issue 9, defect 3).
// The writer stores 0x01020304 big-endian at the misaligned index 1 with a plain
// `set`: the JDK's `Unsafe.putIntUnaligned` splits it into four `putByte`s (bytes 1,
// 2, 3, 4 in that order). It then CASes 0x05060708 into the aligned index 8: one
// `compareAndSetInt` over bytes 8..11. The reader first reads index 8 with
// `getVolatile` (one `getIntVolatile`), then index 1 with a plain `get`: four
// `getByte`s of bytes 1..4 in order.
// The aligned accesses are single accesses, so `whole` is 0 or the whole new value,
// never a mix. If it is the new value, the CAS, and the four byte writes before it,
// preceded the reader's byte reads: `torn` is complete. Otherwise the byte writes
// and reads interleave freely; byte k is new iff its write preceded its read, and
// since each side goes through the bytes in order, every one of the 16 mixes occurs.
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

public class ByteArrayViewTearing {
    static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final byte[] bytes = new byte[16];
    static int torn, whole;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            INTS.set(bytes, 1, 0x01020304);
            INTS.compareAndSet(bytes, 8, 0, 0x05060708);
        });
        Thread reader = new Thread(() -> {
            whole = (int) INTS.getVolatile(bytes, 8);
            torn = (int) INTS.get(bytes, 1);
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.printf("whole=%08x torn=%08x%n", whole, torn);
    }
}
