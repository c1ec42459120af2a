public class Shifts {
    public static void main(String[] args) {
        int[] vals = {1, -1, 0x12345678, 0x80000000, 0x7fffffff, -17, 255};
        int[] dists = {0, 1, 4, 31, 32, 33, 63, 64, -1, -31, -32, -33, 100, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int v : vals) {
            for (int d : dists) {
                System.out.println(v + " d=" + d + " << " + (v << d) + " >> " + (v >> d) + " >>> " + (v >>> d));
            }
        }
        long[] lvals = {1L, -1L, 0x123456789abcdef0L, Long.MIN_VALUE, Long.MAX_VALUE, -17L};
        int[] ldists = {0, 1, 31, 32, 33, 63, 64, 65, -1, -63, -64, 127, 128};
        for (long v : lvals) {
            for (int d : ldists) {
                System.out.println(v + " d=" + d + " << " + (v << d) + " >> " + (v >> d) + " >>> " + (v >>> d));
            }
            long ld = 65L;
            System.out.println("long distance: " + (v << ld) + " " + (v >>> (ld + 1)));
        }
        System.out.println("== narrow types ==");
        byte b = -128;
        short s = -32768;
        char c = 0xffff;
        System.out.println((b >>> 1) + " " + (b >> 1) + " " + (byte) (b >>> 1) + " " + (b >>> 25));
        System.out.println((s >>> 1) + " " + (s >> 1) + " " + (short) (s >>> 1));
        System.out.println((c >>> 1) + " " + (c >> 1) + " " + (c << 16));
        byte bb = -1;
        bb >>>= 4;
        System.out.println("byte >>>= 4: " + bb);
        bb = -16;
        bb >>= 2;
        System.out.println("byte >>= 2: " + bb);
        short ss = 1;
        ss <<= 15;
        System.out.println("short <<= 15: " + ss);
        ss <<= 1;
        System.out.println("short <<= 1: " + ss);
        char cc = 1;
        cc <<= 17;
        System.out.println("char <<= 17: " + (int) cc);
        System.out.println("== rotations and bit tricks ==");
        for (int d = -3; d <= 40; d += 7) {
            System.out.println(d + ": " + Integer.rotateLeft(0x12345678, d) + " " + Integer.rotateRight(0x12345678, d)
                + " " + Long.rotateLeft(0x123456789L, d) + " " + Long.rotateRight(-2L, d));
        }
        int x = 0b1011_0000;
        System.out.println((x & -x) + " " + (x & (x - 1)) + " " + (x ^ (x >> 1)) + " " + (~x & 0xff));
        long mask = 0;
        for (int i = 0; i < 70; i += 3) mask |= 1L << i;
        System.out.println(Long.toBinaryString(mask) + " " + Long.bitCount(mask));
        int imask = 0;
        for (int i = 0; i < 70; i += 3) imask |= 1 << i;
        System.out.println(Integer.toBinaryString(imask) + " " + Integer.bitCount(imask));
        System.out.println((1 << -1) + " " + (1L << -1) + " " + (8 >> -1) + " " + (-8 >>> -29));
    }
}
