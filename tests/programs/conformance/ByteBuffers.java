import java.nio.*;
import java.nio.charset.*;
import java.util.Arrays;

public class ByteBuffers {
    public static void main(String[] args) throws Exception {
        ByteBuffer bb = ByteBuffer.allocate(64);
        System.out.println(bb + " order " + bb.order());
        bb.putInt(0xCAFEBABE).putLong(-2L).putDouble(Math.PI).putFloat(1.5f).putShort((short) -3).putChar('Z').put((byte) 7);
        System.out.println("after puts " + bb.position() + " remaining " + bb.remaining());
        bb.flip();
        System.out.println(Integer.toHexString(bb.getInt()) + " " + bb.getLong() + " " + bb.getDouble() + " " + bb.getFloat() + " " + bb.getShort() + " " + bb.getChar() + " " + bb.get());
        byte[] raw = Arrays.copyOf(bb.array(), 31);
        System.out.println(Arrays.toString(raw));
        ByteBuffer le = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        le.putInt(0x01020304).putLong(0x1122334455667788L);
        System.out.println(Arrays.toString(le.array()) + " " + le.order());
        le.rewind();
        System.out.println(Integer.toHexString(le.getInt()) + " " + Long.toHexString(le.order(ByteOrder.BIG_ENDIAN).getLong()));
        ByteBuffer direct = ByteBuffer.allocateDirect(32);
        direct.putDouble(2.5).putInt(42).putLong(Long.MIN_VALUE);
        direct.flip();
        System.out.println("direct " + direct.isDirect() + " " + direct.getDouble() + " " + direct.getInt() + " " + direct.getLong() + " " + direct.hasRemaining());
        ByteBuffer wrap = ByteBuffer.wrap(new byte[]{0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3});
        IntBuffer ib = wrap.asIntBuffer();
        System.out.println(ib.get(0) + " " + ib.get(1) + " " + ib.get(2) + " " + ib.capacity());
        ib.put(1, 99);
        System.out.println(Arrays.toString(wrap.array()));
        ByteBuffer slice = ByteBuffer.wrap("0123456789".getBytes(StandardCharsets.US_ASCII), 2, 5).slice();
        System.out.println("slice " + slice.remaining() + " first " + (char) slice.get(0) + " " + slice.arrayOffset());
        ByteBuffer ro = slice.asReadOnlyBuffer();
        try {
            ro.put((byte) 1);
        } catch (ReadOnlyBufferException e) {
            System.out.println("ReadOnlyBufferException");
        }
        try {
            ByteBuffer.allocate(2).getInt();
        } catch (BufferUnderflowException e) {
            System.out.println("BufferUnderflowException");
        }
        try {
            ByteBuffer.allocate(2).putLong(1);
        } catch (BufferOverflowException e) {
            System.out.println("BufferOverflowException");
        }
        CharBuffer cb = CharBuffer.wrap("héllo wörld");
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(cb);
        System.out.println("encoded " + encoded.remaining() + " decoded " + StandardCharsets.UTF_8.decode(encoded));
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT);
        try {
            strict.decode(ByteBuffer.wrap(new byte[]{(byte) 0xC3, 0x28}));
        } catch (CharacterCodingException e) {
            System.out.println("CharacterCodingException " + e.getClass().getSimpleName());
        }
        LongBuffer lb = LongBuffer.allocate(4);
        lb.put(new long[]{1, 2, 3});
        lb.flip();
        System.out.println(lb.remaining() + " " + lb.get(2) + " " + lb);
        DoubleBuffer db = DoubleBuffer.wrap(new double[]{3, 1, 2});
        System.out.println(db.get(1) + " " + db.compareTo(DoubleBuffer.wrap(new double[]{3, 1, 3})) + " " + db.equals(DoubleBuffer.wrap(new double[]{3, 1, 2})));
        ByteBuffer cmp1 = ByteBuffer.wrap(new byte[]{1, 2, 3}), cmp2 = ByteBuffer.wrap(new byte[]{1, 2, 4});
        System.out.println(cmp1.compareTo(cmp2) + " " + cmp1.mismatch(cmp2) + " " + cmp1.equals(cmp2) + " " + cmp1.hashCode());
        ByteBuffer compactMe = ByteBuffer.allocate(8);
        compactMe.put(new byte[]{1, 2, 3, 4, 5});
        compactMe.flip();
        compactMe.get();
        compactMe.get();
        compactMe.compact();
        System.out.println("compact pos " + compactMe.position() + " " + Arrays.toString(compactMe.array()));
        ByteBuffer mark = ByteBuffer.allocate(4);
        mark.put((byte) 1).mark().put((byte) 2).put((byte) 3).reset();
        System.out.println("mark reset position " + mark.position());
        ByteBuffer floats = ByteBuffer.allocate(8);
        floats.putFloat(Float.NaN).putFloat(-0.0f);
        System.out.println(Integer.toHexString(floats.getInt(0)) + " " + Integer.toHexString(floats.getInt(4)));
        ByteBuffer directLe = ByteBuffer.allocateDirect(8).order(ByteOrder.LITTLE_ENDIAN);
        directLe.putLong(0, 0x0102030405060708L);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) sb.append(directLe.get(i)).append(' ');
        System.out.println("direct LE bytes " + sb);
    }
}
