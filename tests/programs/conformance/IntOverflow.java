public class IntOverflow {
    static int[] INTS = {0, 1, -1, 2, -2, 7, -7, 100, 46340, 46341, 65535, 65536, 0x7fff, 0x8000,
        Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 0x55555555, 0xAAAAAAAA};
    static long[] LONGS = {0L, 1L, -1L, 3037000499L, 3037000500L, 4294967295L, 4294967296L,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 0x5555555555555555L, 0xAAAAAAAAAAAAAAAAL,
        Integer.MAX_VALUE, Integer.MIN_VALUE};

    public static void main(String[] args) {
        System.out.println("== int add/sub/mul/neg ==");
        for (int a : INTS) {
            for (int b : INTS) {
                System.out.println(a + " " + b + " : " + (a + b) + " " + (a - b) + " " + (a * b));
            }
            System.out.println("neg " + a + " = " + (-a) + " ~ " + (~a) + " abs " + Math.abs(a));
        }
        System.out.println("== int division ==");
        for (int a : INTS) {
            for (int b : INTS) {
                if (b == 0) continue;
                System.out.println(a + " / " + b + " = " + (a / b) + " rem " + (a % b));
            }
        }
        System.out.println("== long add/sub/mul ==");
        for (long a : LONGS) {
            for (long b : LONGS) {
                System.out.println(a + " " + b + " : " + (a + b) + " " + (a - b) + " " + (a * b));
            }
            System.out.println("neg " + a + " = " + (-a) + " abs " + Math.abs(a));
        }
        System.out.println("== long division ==");
        for (long a : LONGS) {
            for (long b : LONGS) {
                if (b == 0) continue;
                System.out.println(a + " / " + b + " = " + (a / b) + " rem " + (a % b));
            }
        }
        System.out.println("== increments ==");
        int i = Integer.MAX_VALUE;
        i++;
        System.out.println(i);
        i--;
        System.out.println(i);
        long l = Long.MAX_VALUE;
        l++;
        System.out.println(l);
        short s = Short.MAX_VALUE;
        s++;
        System.out.println(s);
        byte bt = Byte.MIN_VALUE;
        bt--;
        System.out.println(bt);
        char c = Character.MAX_VALUE;
        c++;
        System.out.println((int) c);
        System.out.println("== int to narrow ==");
        for (int a : INTS) {
            System.out.println(a + " -> byte " + (byte) a + " short " + (short) a + " char " + (int) (char) a + " long " + (long) a);
        }
        for (long a : LONGS) {
            System.out.println(a + " -> int " + (int) a + " float " + (float) a + " double " + (double) a);
        }
        System.out.println("== mixed int long ==");
        int big = 1 << 30;
        System.out.println(big * 4);
        System.out.println(big * 4L);
        System.out.println((long) big * 4);
        System.out.println((long) (big * 4));
        System.out.println(1000000 * 1000000);
        System.out.println(1000000L * 1000000);
        long acc = 1;
        for (int k = 1; k <= 25; k++) {
            acc *= k;
            System.out.println(k + "! = " + acc + " (int " + (int) acc + ")");
        }
        int h = 0;
        for (int k = 0; k < 1000; k++) h = 31 * h + k * 7919;
        System.out.println("hash-like " + h);
    }
}
