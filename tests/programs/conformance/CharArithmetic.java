public class CharArithmetic {
    public static void main(String[] args) {
        char c = 'A';
        System.out.println(c + 1);
        System.out.println((char) (c + 1));
        System.out.println("" + c + 1);
        System.out.println(c + 'B');
        System.out.println("" + c + 'B');
        c++;
        System.out.println(c);
        c += 2;
        System.out.println(c);
        c = 'z';
        c -= 25;
        System.out.println(c);
        char zero = 0;
        zero--;
        System.out.println((int) zero + " " + (zero == '\uffff'));
        char max = '\uffff';
        max++;
        System.out.println((int) max);
        for (char ch = 'a'; ch <= 'z'; ch += 5) System.out.print(ch);
        System.out.println();
        StringBuilder sb = new StringBuilder();
        for (char ch = '0'; ch <= '9'; ch++) sb.append((char) (ch + 17));
        System.out.println(sb);
        System.out.println((char) 65 + " " + (int) 'é' + " " + (char) 0x263A + " " + (char) 0x41 + (char) 0x3B1);
        char x = 'x';
        int diff = 'x' - 'a';
        System.out.println("diff " + diff + " upper " + (char) (x - 32) + " " + (char) (x ^ 0x20));
        String s = "Hello, World";
        int sum = 0;
        for (char ch : s.toCharArray()) sum += ch;
        System.out.println("sum " + sum);
        char[] caesar = s.toCharArray();
        for (int i = 0; i < caesar.length; i++) {
            char ch = caesar[i];
            if (Character.isUpperCase(ch)) caesar[i] = (char) ('A' + (ch - 'A' + 13) % 26);
            else if (Character.isLowerCase(ch)) caesar[i] = (char) ('a' + (ch - 'a' + 13) % 26);
        }
        System.out.println(new String(caesar));
        System.out.println(Character.getNumericValue('7') + " " + Character.getNumericValue('a') + " " + Character.getNumericValue('Z')
            + " " + Character.digit('f', 16) + " " + Character.digit('9', 8) + " " + Character.forDigit(11, 16));
        char t = true ? 'a' : 0;
        System.out.println(t);
        int i = 98;
        System.out.println(false ? 'a' : i);
        System.out.println(false ? 'a' : 98);
        System.out.println(true ? 'a' : 98000);
        final int k = 99;
        System.out.println(false ? 'a' : k);
        char fromShort = (char) (short) -1;
        System.out.println((int) fromShort);
        short fromChar = (short) '\uffff';
        System.out.println(fromChar);
        byte b = (byte) 'Ā';
        System.out.println(b);
        System.out.println(Character.toChars(0x1F600).length + " " + (int) Character.toChars(0x1F600)[0] + " " + (int) Character.highSurrogate(0x10400));
        char[] arr = new char[3];
        System.out.println((int) arr[0] + " " + (arr[0] == '\0'));
        System.out.println(Character.compare('a', 'b') + " " + Character.valueOf('x').compareTo('a') + " " + Character.reverseBytes('\u1234'));
        switch (c) {
            case 'a': System.out.println("case a"); break;
            case 'b': System.out.println("case b"); break;
            default: System.out.println("case default " + c);
        }
        long l = 'a' * 1000000000L;
        System.out.println(l);
        double d = 'a' / 2.0;
        System.out.println(d + " " + 'a' / 2 + " " + 'a' % 7);
    }
}
