public class LongMethods {
    public static void main(String[] args) {
        System.out.println(Long.MIN_VALUE + " " + Long.MAX_VALUE + " " + Long.SIZE + " " + Long.BYTES);
        long[] vs = {0L, 1L, -1L, 10L, 255L, 1L << 32, (1L << 32) - 1, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdef0L, -1234567890123L, 1L << 62};
        for (long v : vs) {
            System.out.println(v + ": hex " + Long.toHexString(v) + " oct " + Long.toOctalString(v) + " bin " + Long.toBinaryString(v)
                + " r36 " + Long.toString(v, 36) + " unsigned " + Long.toUnsignedString(v) + " bitCount " + Long.bitCount(v)
                + " reverse " + Long.reverse(v) + " reverseBytes " + Long.reverseBytes(v) + " highest " + Long.highestOneBit(v)
                + " lowest " + Long.lowestOneBit(v) + " nlz " + Long.numberOfLeadingZeros(v) + " ntz " + Long.numberOfTrailingZeros(v)
                + " signum " + Long.signum(v) + " hash " + Long.hashCode(v));
        }
        String[] parse = {"0", "-9223372036854775808", "9223372036854775807", "9223372036854775808", "12345678901234", "1L", "", "-", "+99"};
        for (String s : parse) {
            try {
                System.out.println("parseLong(\"" + s + "\") = " + Long.parseLong(s));
            } catch (NumberFormatException e) {
                System.out.println("parseLong(\"" + s + "\") -> " + e.getMessage());
            }
        }
        System.out.println(Long.parseLong("-zzzzzz", 36) + " " + Long.parseUnsignedLong("18446744073709551615") + " " + Long.parseUnsignedLong("ffffffffffffffff", 16));
        try {
            Long.parseUnsignedLong("18446744073709551616");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        long[][] pairs = {{-1, 3}, {-1, -2}, {Long.MIN_VALUE, 7}, {100, 7}, {7, -1}, {Long.MAX_VALUE, Long.MIN_VALUE}};
        for (long[] p : pairs) {
            System.out.println("unsigned " + p[0] + " " + p[1] + ": div " + Long.divideUnsigned(p[0], p[1]) + " rem " + Long.remainderUnsigned(p[0], p[1])
                + " cmp " + Long.compareUnsigned(p[0], p[1]) + " signed cmp " + Long.compare(p[0], p[1]) + " multiplyHigh " + Math.multiplyHigh(p[0], p[1]));
        }
        System.out.println(Long.decode("0x7fffffffffffffff") + " " + Long.decode("-#10") + " " + Long.valueOf(77).equals(77L));
        long fib1 = 0, fib2 = 1;
        for (int i = 0; i < 100; i++) {
            long t = fib1 + fib2;
            fib1 = fib2;
            fib2 = t;
            if (i % 10 == 0 || i > 88) System.out.println("fib " + i + " " + fib1 + " " + Long.toUnsignedString(fib1));
        }
        long x = 0x9E3779B97F4A7C15L;
        long state = 42;
        for (int i = 0; i < 20; i++) {
            state += x;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            System.out.println("splitmix " + i + " " + z + " " + Long.toHexString(z));
        }
        System.out.println(Long.sum(Long.MAX_VALUE, 1) + " " + Long.max(-5, -6) + " " + Long.rotateLeft(1, 65));
    }
}
