import java.math.BigInteger;

public class BigIntegerOps {
    public static void main(String[] args) {
        BigInteger f = BigInteger.ONE;
        for (int i = 1; i <= 100; i++) {
            f = f.multiply(BigInteger.valueOf(i));
            if (i % 10 == 0) System.out.println(i + "! = " + f);
        }
        System.out.println("bitLength " + f.bitLength() + " bitCount " + f.bitCount() + " lowestSetBit " + f.getLowestSetBit());
        System.out.println("hex " + f.toString(16));
        System.out.println("r36 " + f.toString(36));
        BigInteger a = new BigInteger("123456789012345678901234567890");
        BigInteger b = new BigInteger("-987654321098765432109876543210");
        System.out.println(a.add(b) + " " + a.subtract(b) + " " + a.multiply(b));
        System.out.println(b.divide(a) + " " + b.remainder(a) + " " + b.mod(a) + " " + java.util.Arrays.toString(b.divideAndRemainder(a)));
        System.out.println(a.negate() + " " + b.abs() + " " + a.signum() + " " + b.signum() + " " + BigInteger.ZERO.signum());
        System.out.println(a.gcd(b) + " " + a.pow(5) + " " + a.compareTo(b) + " " + a.equals(new BigInteger("123456789012345678901234567890")) + " " + a.hashCode() + " " + b.hashCode());
        System.out.println(a.shiftLeft(100) + " " + b.shiftRight(10) + " " + b.shiftLeft(-3) + " " + a.testBit(3) + " " + a.setBit(200).bitLength() + " " + a.flipBit(0) + " " + a.clearBit(1));
        System.out.println(a.and(b) + " " + a.or(b) + " " + a.xor(b) + " " + a.not() + " " + a.andNot(b));
        BigInteger m = BigInteger.valueOf(1000000007);
        System.out.println(BigInteger.TWO.modPow(BigInteger.valueOf(1000000), m) + " " + a.modInverse(m) + " " + b.mod(m) + " " + BigInteger.valueOf(3).modPow(BigInteger.valueOf(-1), m));
        System.out.println(a.sqrt() + " " + f.sqrt() + " " + BigInteger.valueOf(97).isProbablePrime(50) + " " + BigInteger.valueOf(91).isProbablePrime(50));
        System.out.println(a.longValue() + " " + a.intValue() + " " + a.doubleValue() + " " + b.floatValue() + " " + BigInteger.valueOf(Long.MIN_VALUE).negate());
        try {
            a.longValueExact();
        } catch (ArithmeticException e) {
            System.out.println("longValueExact: " + e.getMessage());
        }
        try {
            a.modInverse(BigInteger.valueOf(10));
        } catch (ArithmeticException e) {
            System.out.println("modInverse: " + e.getMessage());
        }
        try {
            new BigInteger("12x");
        } catch (NumberFormatException e) {
            System.out.println("parse: " + e.getMessage());
        }
        System.out.println(new BigInteger("-ff", 16) + " " + new BigInteger(new byte[]{(byte) 0x80, 0, 1}) + " " + new BigInteger(1, new byte[]{(byte) 0x80, 0, 1}));
        System.out.println(java.util.Arrays.toString(BigInteger.valueOf(-129).toByteArray()) + " " + java.util.Arrays.toString(f.toByteArray()).length());
        BigInteger fa = BigInteger.ZERO, fb = BigInteger.ONE;
        for (int i = 0; i < 300; i++) {
            BigInteger t = fa.add(fb);
            fa = fb;
            fb = t;
        }
        System.out.println("fib300 " + fa);
        java.util.Random r = new java.util.Random(12345);
        BigInteger rnd = new BigInteger(200, r);
        System.out.println("random " + rnd + " " + rnd.bitLength());
        System.out.println(BigInteger.probablePrime(64, new java.util.Random(7)));
        BigInteger big = BigInteger.TEN.pow(1000).subtract(BigInteger.ONE);
        String s = big.toString();
        System.out.println(s.length() + " " + s.substring(0, 20) + " " + big.multiply(big).toString().length() + " " + big.divide(BigInteger.valueOf(7)).mod(BigInteger.valueOf(1000000)));
        System.out.println(big.multiply(big).multiply(big).bitLength() + " " + big.pow(3).divide(big.pow(2)).equals(big));
        System.out.println(BigInteger.valueOf(10).min(BigInteger.ONE) + " " + BigInteger.valueOf(10).max(BigInteger.ONE) + " " + BigInteger.valueOf(-17).mod(BigInteger.valueOf(5)) + " " + BigInteger.valueOf(-17).remainder(BigInteger.valueOf(5)));
    }
}
