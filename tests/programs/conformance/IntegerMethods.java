public class IntegerMethods {
    public static void main(String[] args) {
        System.out.println(Integer.MIN_VALUE + " " + Integer.MAX_VALUE + " " + Integer.SIZE + " " + Integer.BYTES);
        System.out.println(Short.MIN_VALUE + " " + Short.MAX_VALUE + " " + Byte.MIN_VALUE + " " + Byte.MAX_VALUE + " " + (int) Character.MAX_VALUE);
        int[] vs = {0, 1, -1, 7, 10, 255, 256, 1000, -1000, 0x7fffffff, 0x80000000, 0x12345678, 0xdeadbeef, 96, 1 << 20};
        for (int v : vs) {
            System.out.println(v + ": hex " + Integer.toHexString(v) + " oct " + Integer.toOctalString(v) + " bin " + Integer.toBinaryString(v)
                + " r36 " + Integer.toString(v, 36) + " r7 " + Integer.toString(v, 7) + " unsigned " + Integer.toUnsignedString(v)
                + " bitCount " + Integer.bitCount(v) + " reverse " + Integer.reverse(v) + " reverseBytes " + Integer.reverseBytes(v)
                + " highest " + Integer.highestOneBit(v) + " lowest " + Integer.lowestOneBit(v) + " nlz " + Integer.numberOfLeadingZeros(v)
                + " ntz " + Integer.numberOfTrailingZeros(v) + " signum " + Integer.signum(v) + " hash " + Integer.hashCode(v)
                + " toUnsignedLong " + Integer.toUnsignedLong(v));
        }
        String[] parse = {"0", "-0", "+5", "123", "-2147483648", "2147483647", "2147483648", "-2147483649", "", " 1", "1 ", "abc", "0x10",
            "١٢٣", "99999999999", "-", "+", "007", "1_000"};
        for (String s : parse) {
            try {
                System.out.println("parseInt(\"" + s + "\") = " + Integer.parseInt(s));
            } catch (NumberFormatException e) {
                System.out.println("parseInt(\"" + s + "\") -> " + e.getMessage());
            }
        }
        String[][] radix = {{"ff", "16"}, {"-FF", "16"}, {"777", "8"}, {"zz", "36"}, {"1010", "2"}, {"12", "2"}, {"7fffffff", "16"}, {"80000000", "16"}, {"10", "37"}};
        for (String[] r : radix) {
            try {
                System.out.println("parseInt(" + r[0] + "," + r[1] + ") = " + Integer.parseInt(r[0], Integer.parseInt(r[1])));
            } catch (NumberFormatException e) {
                System.out.println("parseInt(" + r[0] + "," + r[1] + ") -> " + e.getMessage());
            }
        }
        System.out.println(Integer.parseUnsignedInt("4294967295") + " " + Integer.toUnsignedString(-2, 16) + " " + Integer.divideUnsigned(-1, 3)
            + " " + Integer.remainderUnsigned(-1, 3) + " " + Integer.compareUnsigned(-1, 1) + " " + Integer.compare(-1, 1));
        try {
            Integer.parseUnsignedInt("4294967296");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " " + Integer.decode("+0"));
        try {
            Integer.decode("0x");
        } catch (NumberFormatException e) {
            System.out.println("decode: " + e.getMessage());
        }
        System.out.println(Integer.valueOf("42") + Integer.valueOf(8) + " " + Integer.toString(-0) + " " + Integer.parseInt("-7fffffff", 16));
        System.out.println(Short.parseShort("-32768") + " " + Byte.parseByte("7f", 16) + " " + Short.toUnsignedInt((short) -1) + " " + Byte.toUnsignedInt((byte) -1));
        try {
            Byte.parseByte("128");
        } catch (NumberFormatException e) {
            System.out.println("byte: " + e.getMessage());
        }
        try {
            Short.valueOf("40000");
        } catch (NumberFormatException e) {
            System.out.println("short: " + e.getMessage());
        }
        System.out.println(Short.reverseBytes((short) 0x1234) + " " + Integer.toHexString(Short.reverseBytes((short) 0x1234)));
        System.out.println(Integer.getInteger("no.such.property") + " " + Integer.getInteger("no.such.property", 5));
        System.out.println(Integer.MAX_VALUE + 1 == Integer.MIN_VALUE);
        StringBuilder sb = new StringBuilder();
        for (int radixN = Character.MIN_RADIX; radixN <= Character.MAX_RADIX; radixN++) {
            sb.append(Integer.toString(Integer.MIN_VALUE, radixN)).append(' ');
        }
        System.out.println(sb);
    }
}
