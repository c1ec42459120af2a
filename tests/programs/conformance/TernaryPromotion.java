public class TernaryPromotion {
    static Integer nullInt() { return null; }
    static boolean flag(int i) { return i % 2 == 0; }

    public static void main(String[] args) {
        Object o1 = true ? 1 : 2.0;
        System.out.println(o1);
        Object o2 = true ? Integer.valueOf(1) : Double.valueOf(2.0);
        System.out.println(o2);
        Object o3 = true ? (Object) 1 : 2.0;
        System.out.println(o3);
        Object o4 = false ? 'a' : 98;
        System.out.println(o4);
        Object o5 = false ? 'a' : 70000;
        System.out.println(o5);
        Object o6 = true ? (byte) 1 : 'b';
        System.out.println(o6);
        Object o7 = true ? (short) 5 : (byte) 3;
        System.out.println(o7 + " " + o7.getClass().getName());
        Object o8 = true ? 1L : 2;
        System.out.println(o8 + " " + o8.getClass().getName());
        Object o9 = true ? 1 : 2f;
        System.out.println(o9 + " " + o9.getClass().getName());
        Object o10 = true ? null : 0;
        System.out.println(o10);
        Object o11 = false ? "s" : 5;
        System.out.println(o11 + " " + o11.getClass().getName());
        char c = 'x';
        int i = 5;
        System.out.println(true ? c : i);
        System.out.println(true ? c : 5);
        System.out.println(true ? c : (char) i);
        try {
            int r = flag(2) ? nullInt() : 0;
            System.out.println("no npe " + r);
        } catch (NullPointerException e) {
            System.out.println("NPE from unboxing in ternary");
        }
        Integer a = null;
        Integer b = 7;
        Integer r2 = flag(1) ? a : b;
        System.out.println("r2 " + r2);
        try {
            Integer r3 = flag(2) ? a : 0;
            System.out.println("r3 " + r3);
        } catch (NullPointerException e) {
            System.out.println("NPE: Integer : int -> unboxes");
        }
        for (int k = 0; k < 6; k++) {
            long v = flag(k) ? k * 1000000000 : k * 1000000000L;
            double d = flag(k) ? k : 0.5;
            String s = k < 2 ? "small" : k < 4 ? "medium" : "large";
            System.out.println(k + " " + v + " " + d + " " + s);
        }
        byte bb = 10;
        short sh = 20;
        var m = true ? bb : sh;
        System.out.println(((Object) m).getClass().getName() + " " + m);
        final int ci = 100;
        var n = true ? bb : ci;
        System.out.println(((Object) n).getClass().getName() + " " + n);
        final int cbig = 1000;
        var n2 = true ? bb : cbig;
        System.out.println(((Object) n2).getClass().getName() + " " + n2);
        Long lb = 5L;
        Integer ib = 6;
        Object mix = flag(0) ? lb : ib;
        System.out.println(mix + " " + mix.getClass().getName());
        Object mix2 = flag(1) ? lb : ib;
        System.out.println(mix2 + " " + mix2.getClass().getName());
        Number num = flag(0) ? (Number) lb : (Number) ib;
        System.out.println(num.getClass().getName());
        int nested = flag(0) ? flag(1) ? 1 : 2 : 3;
        System.out.println("nested " + nested);
        System.out.println(flag(3) ? 1.0f : 'c');
        System.out.println(flag(2) ? 'A' : 1.0f);
    }
}
