import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.ShortBuffer;
import java.util.Arrays;

// Typed views of ByteBuffers (asIntBuffer, asLongBuffer, ...) over heap and direct
// buffers, starting at aligned and misaligned positions, in both byte orders: what
// they read and write through to the bytes, their bounds, slices and read-only views.
public class ByteBufferTypedViews {
    static void p(Object o) {
        System.out.println(o);
    }

    static String fail(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    static String bytes(ByteBuffer bb) {
        byte[] copy = new byte[bb.capacity()];
        bb.duplicate().clear().get(copy);
        return Arrays.toString(copy);
    }

    static void exercise(String name, ByteBuffer bb) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (int start : new int[] {0, 1, 2, 3}) {
                bb.clear();
                for (int i = 0; i < bb.capacity(); i++) {
                    bb.put(i, (byte) (i * 7));
                }
                bb.order(order).position(start);
                p("== " + name + " " + order + " from " + start);
                IntBuffer ib = bb.asIntBuffer();
                p("ints " + ib + " " + ib.order() + " " + ib.get(0) + " " + ib.get(ib.limit() - 1));
                ib.put(1, 0x01020304);
                LongBuffer lb = bb.asLongBuffer();
                p("longs " + lb.capacity() + " " + Long.toHexString(lb.get(0)));
                lb.put(0, -1L);
                ShortBuffer sb = bb.asShortBuffer();
                sb.put(5, (short) 0x7F01);
                CharBuffer cb = bb.asCharBuffer();
                p("chars " + cb.length() + " " + (int) cb.get(6) + " shorts " + sb.get(5) + " " + sb.get(0));
                FloatBuffer fb = bb.asFloatBuffer();
                fb.put(2, 3.25f);
                DoubleBuffer db = bb.asDoubleBuffer();
                p("floats " + fb.get(2) + " doubles " + db.capacity() + " " + db.get(db.capacity() - 1));
                p(bytes(bb));
                int[] ints = new int[ib.remaining()];
                ib.get(ints);
                p("bulk " + Arrays.toString(ints));
                try {
                    ib.put(ib.capacity(), 1);
                } catch (IndexOutOfBoundsException e) {
                    p(fail(e));
                }
                try {
                    ib.get();
                } catch (RuntimeException e) {
                    p(fail(e));
                }
                IntBuffer slice = bb.asIntBuffer().position(1).slice();
                slice.put(0, 42);
                p("slice " + slice.capacity() + " " + slice.get(0) + " " + bb.asIntBuffer().get(1) + " dup " + bb.asIntBuffer().duplicate().get(1));
                IntBuffer ro = bb.asReadOnlyBuffer().asIntBuffer();
                p("read-only " + ro.isReadOnly() + " " + ro.get(1));
                try {
                    ro.put(0, 1);
                } catch (ReadOnlyBufferException e) {
                    p(fail(e));
                }
            }
        }
    }

    public static void main(String[] args) {
        exercise("heap", ByteBuffer.allocate(26));
        exercise("direct", ByteBuffer.allocateDirect(26));
        ByteBuffer bb = ByteBuffer.allocate(8);
        IntBuffer be = bb.asIntBuffer();
        bb.order(ByteOrder.LITTLE_ENDIAN);
        be.put(0, 1);
        p("views keep the order they were made with: " + be.order() + " " + bytes(bb) + " " + bb.getInt(0));
        p(ByteBuffer.allocate(9).asIntBuffer().isDirect() + " " + ByteBuffer.allocateDirect(9).asLongBuffer().isDirect() + " " + ByteBuffer.allocate(9).asCharBuffer().hasArray());
    }
}
