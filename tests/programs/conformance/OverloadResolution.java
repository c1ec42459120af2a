import java.io.Serializable;
import java.util.*;

public class OverloadResolution {
    static String f(int x) { return "f(int)"; }
    static String f(long x) { return "f(long)"; }
    static String f(double x) { return "f(double)"; }
    static String f(Integer x) { return "f(Integer)"; }
    static String f(Object x) { return "f(Object)"; }
    static String f(int... xs) { return "f(int...)"; }

    static String g(long x) { return "g(long)"; }
    static String g(Integer x) { return "g(Integer)"; }

    static String h(Object o) { return "h(Object)"; }
    static String h(String s) { return "h(String)"; }

    static String k(Object o) { return "k(Object)"; }
    static String k(Number n) { return "k(Number)"; }
    static String k(Comparable<?> c) { return "k(Comparable)"; }

    static String v(String s, Object... rest) { return "v(String, Object... " + rest.length + ")"; }
    static String v(String s, String t) { return "v(String, String)"; }

    static String w(Object... os) { return "w(Object...) len=" + (os == null ? "null" : String.valueOf(os.length)); }

    static String c(char ch) { return "c(char)"; }
    static String c(int i) { return "c(int)"; }
    static String c(Character ch) { return "c(Character)"; }

    static String sh(short s) { return "sh(short)"; }
    static String sh(float f) { return "sh(float)"; }

    static String box(Object o) { return "box(Object) " + o.getClass().getSimpleName(); }
    static String box(long l) { return "box(long)"; }

    static String ser(Serializable s) { return "ser(Serializable)"; }
    static String ser(CharSequence s) { return "ser(CharSequence)"; }

    static String list(List<?> l) { return "list(List)"; }
    static String list(Collection<?> c) { return "list(Collection)"; }
    static String list(Iterable<?> i) { return "list(Iterable)"; }

    static String prim(byte b) { return "prim(byte)"; }
    static String prim(short s) { return "prim(short)"; }
    static String prim(long l) { return "prim(long)"; }

    static String var1(int a, int... rest) { return "var1(int, int...) " + rest.length; }
    static String var1(int... all) { return "var1(int...)"; }

    static class Animal {
        String speak(Animal a) { return "Animal.speak(Animal)"; }
        String speak(Dog d) { return "Animal.speak(Dog)"; }
    }
    static class Dog extends Animal {
        @Override String speak(Animal a) { return "Dog.speak(Animal)"; }
        @Override String speak(Dog d) { return "Dog.speak(Dog)"; }
    }

    public static void main(String[] args) {
        byte b = 1;
        short s = 2;
        char ch = 'c';
        long l = 4;
        float fl = 5f;
        Integer boxed = 6;
        Long boxedL = 7L;
        System.out.println("f(b) " + f(b) + " f(s) " + f(s) + " f(ch) " + f(ch) + " f(1) " + f(1) + " f(l) " + f(l) + " f(fl) " + f(fl));
        System.out.println("f(boxed) " + f(boxed) + " f(boxedL) " + f(boxedL) + " f(\"s\") " + f("s") + " f() " + f() + " f(1,2) " + f(1, 2));
        System.out.println("g(5) " + g(5) + " g(boxed) " + g(boxed));
        System.out.println("h(null) " + h(null) + " h((Object)\"x\") " + h((Object) "x") + " h(\"x\") " + h("x"));
        System.out.println("k(5) " + k(5.0 > 1 ? (Number) 5 : null) + " k(\"s\") " + k((Comparable<?>) "s") + " k(new Object()) " + k(new Object()));
        System.out.println(v("a", "b") + " | " + v("a") + " | " + v("a", 1) + " | " + v("a", "b", "c") + " | " + v("a", (Object) "b"));
        System.out.println(w() + " | " + w((Object[]) null) + " | " + w((Object) null) + " | " + w(1, 2) + " | " + w(new Object[]{1, 2, 3}) + " | " + w((Object[]) new String[]{"x"}) + " | " + w((Object) new String[]{"x"}));
        System.out.println(c('x') + " " + c(ch) + " " + c(120) + " " + c(Character.valueOf('x')) + " " + c((char) (ch + 1)) + " " + c(ch + 1));
        System.out.println(sh(s) + " " + sh(b) + " " + sh(l) + " " + sh('a'));
        System.out.println(box(3) + " | " + box(boxed) + " | " + box(3.0) + " | " + box('z') + " | " + box(true));
        System.out.println(ser((CharSequence) "x") + " " + ser(5) + " " + ser((CharSequence) new StringBuilder()));
        System.out.println(list(new ArrayList<>()) + " " + list(new HashSet<>()) + " " + list((Iterable<?>) new ArrayList<>()) + " " + list(new ArrayDeque<>()));
        System.out.println(prim(b) + " " + prim(s) + " " + prim(ch) + " " + prim(3));
        System.out.println(var1(new int[]{1, 2}) + " | " + var1());
        Animal a = new Dog();
        Dog d = new Dog();
        Animal plain = new Animal();
        System.out.println(a.speak(a) + " | " + a.speak(d) + " | " + d.speak(a) + " | " + plain.speak(d) + " | " + plain.speak((Animal) d));
        List<Integer> nums = new ArrayList<>(List.of(10, 20, 30, 40));
        nums.remove(1);
        nums.remove(Integer.valueOf(30));
        System.out.println(nums);
        StringBuilder sb = new StringBuilder();
        sb.append('a').append((int) 'a').append((char) 98).append(1.0f).append((Object) "o").append(new char[]{'x'}).append((CharSequence) "cs");
        System.out.println(sb);
        System.out.println(String.valueOf(new char[]{'h', 'i'}) + " " + String.valueOf((Object) "obj") + " " + Math.max(1, 2L) + " " + Math.max(1, 2.0f) + " " + Math.abs(-5) + " " + Math.abs(-5.0));
        System.out.println(Objects.equals(1, 1L) + " " + Objects.equals(1L, 1L) + " " + Long.valueOf(1).equals(1));
    }
}
