public class StringConcat {
    static class Point {
        int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public String toString() { return "(" + x + "," + y + ")"; }
    }
    static class NullToString {
        @Override public String toString() { return null; }
    }

    public static void main(String[] args) {
        byte b = -5;
        short s = 300;
        char c = 'Z';
        int i = 42;
        long l = 1234567890123L;
        float f = 1.25f;
        double d = 3.0e-5;
        boolean z = false;
        String str = "str";
        Object nul = null;
        Point p = new Point(1, 2);
        System.out.println("b=" + b + " s=" + s + " c=" + c + " i=" + i + " l=" + l + " f=" + f + " d=" + d + " z=" + z + " str=" + str + " nul=" + nul + " p=" + p);
        System.out.println(b + s + c + i + "|" + b + s + c + i);
        System.out.println(1 + 2 + "3" + 4 + 5);
        System.out.println('a' + 'b' + "c" + 'd' + 'e');
        System.out.println("" + Float.NaN + Double.NEGATIVE_INFINITY + (-0.0f) + 1e20 + 1e-20f + Long.MIN_VALUE + Integer.MIN_VALUE + Character.MAX_VALUE);
        System.out.println("null obj: " + new NullToString());
        String[] arr = null;
        System.out.println("null array: " + arr);
        String acc = "";
        for (int k = 0; k < 20; k++) acc += k % 3 == 0 ? k : "-";
        System.out.println(acc);
        String x = "x";
        x += x += x;
        System.out.println(x);
        String y = "y";
        y = y + (y = "Y") + y;
        System.out.println(y);
        int counter = 0;
        String side = "a" + (counter++) + (counter++) + counter;
        System.out.println(side + " " + counter);
        char[] chars = {'h', 'i'};
        System.out.println("chars: " + String.valueOf(chars) + " " + chars.length);
        StringBuilder sbArg = new StringBuilder("sb");
        System.out.println("sb: " + sbArg + sbArg.length());
        String many = "" + b + s + c + i + l + f + d + z + str + nul + p + b + s + c + i + l + f + d + z + str + nul + p + b + s + c + i + l + f + d + z + str;
        System.out.println(many + " " + many.length());
        final String cst = "const";
        String folded = cst + 1 + 2.0 + 'c' + true;
        System.out.println(folded + " " + (folded == "const12.0ctrue"));
        String unicode = "é" + 1 + "😀" + 'ñ' + "中";
        System.out.println(unicode + " " + unicode.length());
        Integer boxed = null;
        System.out.println("boxed null: " + boxed);
        System.out.println("big: " + 'x' + 1L + 2.5f + (byte) 1 + (short) 2);
        Object[] objs = {1, "two", 3.0, 'f', null, true, 5L};
        StringBuilder all = new StringBuilder();
        for (Object o : objs) all.append(o).append(';');
        System.out.println(all);
        String result = "";
        for (int k = 0; k < 200; k++) result = result + (char) ('A' + k % 26);
        System.out.println(result.length() + " " + result.substring(190) + " " + result.hashCode());
        System.out.println("\u0001\u0002".length() + " " + ("\0" + "x").length() + " " + ("a" + '\u0000' + "b").length());
        String emptyConcat = "" + "";
        System.out.println("[" + emptyConcat + "]" + emptyConcat.isEmpty());
        long big = Long.MAX_VALUE;
        System.out.println("max+1 " + (big + 1) + " vs " + big + 1);
    }
}
