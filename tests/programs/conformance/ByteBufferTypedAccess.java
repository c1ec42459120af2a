import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;

// ByteBuffer's own typed accessors on heap and direct buffers: absolute and relative
// get/put of every type at aligned and misaligned indices in both byte orders,
// order() switches, and the exceptions at the bounds and on read-only buffers.
public class ByteBufferTypedAccess {
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
        p("== " + name + " direct=" + bb.isDirect() + " order=" + bb.order());
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            bb.order(order).clear();
            for (int i = 0; i < 8; i++) {
                bb.putInt(i, 0x01020304 + i);
                bb.putLong(i + 4, 0x1122334455667788L * (i + 1));
                bb.putShort(i + 12, (short) (-i - 1));
                bb.putChar(i + 14, (char) ('a' + i));
                p(order + " " + i + " " + Integer.toHexString(bb.getInt(i)) + " " + Long.toHexString(bb.getLong(i + 4)) + " " + bb.getShort(i + 12) + " " + bb.getChar(i + 14) + " " + bytes(bb));
                bb.putFloat(i, 1.5f + i);
                bb.putDouble(i + 8, -i - 0.25);
                p(bb.getFloat(i) + " " + bb.getDouble(i + 8) + " " + Integer.toHexString(bb.getInt(i)));
            }
            bb.clear();
            bb.put((byte) 9).putInt(0xCAFEBABE).putShort((short) 7).putLong(-2L).putChar('Q').putFloat(0.5f).putDouble(1e10);
            p("relative position " + bb.position() + " " + bytes(bb));
            bb.flip();
            p(bb.get() + " " + Integer.toHexString(bb.getInt()) + " " + bb.getShort() + " " + bb.getLong() + " " + bb.getChar() + " " + bb.getFloat() + " " + bb.getDouble() + " remaining " + bb.remaining());
            try {
                bb.getInt();
            } catch (BufferUnderflowException e) {
                p(fail(e));
            }
            bb.clear();
            for (int index : new int[] {-1, bb.capacity() - 3, bb.capacity() - 4, bb.capacity()}) {
                try {
                    p("getInt " + index + " = " + bb.getInt(index));
                } catch (IndexOutOfBoundsException e) {
                    p("getInt " + index + " " + fail(e));
                }
                try {
                    bb.putLong(index, 1L);
                    p("putLong " + index + " ok");
                } catch (IndexOutOfBoundsException e) {
                    p("putLong " + index + " " + fail(e));
                }
            }
            bb.position(bb.capacity() - 2);
            try {
                bb.putInt(5);
            } catch (BufferOverflowException e) {
                p(fail(e));
            }
            bb.clear();
        }
        ByteBuffer ro = bb.asReadOnlyBuffer();
        p("read-only order " + ro.order() + " " + ro.getInt(1) + " " + ro.getLong(3));
        try {
            ro.putInt(0, 1);
        } catch (ReadOnlyBufferException e) {
            p(fail(e));
        }
        try {
            ro.putDouble(2.0);
        } catch (ReadOnlyBufferException e) {
            p(fail(e));
        }
        ByteBuffer dup = bb.duplicate();
        p("duplicate order " + dup.order() + " slice order " + bb.slice().order() + " " + bb.order(ByteOrder.BIG_ENDIAN).slice(1, 8).getInt(1));
    }

    public static void main(String[] args) {
        exercise("heap", ByteBuffer.allocate(32));
        exercise("heap at offset 3", ByteBuffer.wrap(new byte[35], 3, 32).slice());
        exercise("direct", ByteBuffer.allocateDirect(32));
        exercise("direct at offset 1", ByteBuffer.allocateDirect(33).position(1).slice());
        p(ByteOrder.nativeOrder() + " " + ByteBuffer.allocate(1).order() + " " + ByteBuffer.allocateDirect(1).order());
    }
}
