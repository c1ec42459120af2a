import java.util.*;

public class RuntimeExceptions {
    interface Action { Object run() throws Throwable; }
    static void expect(String label, Action a, boolean printMessage) {
        try {
            Object r = a.run();
            System.out.println(label + ": returned " + r);
        } catch (Throwable t) {
            System.out.println(label + ": " + t.getClass().getName() + (printMessage ? " msg=" + t.getMessage() : ""));
        }
    }
    static void expect(String label, Action a) { expect(label, a, true); }

    static class Animal {}
    static class Dog extends Animal {}
    static class Cat extends Animal {}

    public static void main(String[] args) {
        String nul = null;
        int[] nullArr = null;
        Object[] nullObjs = null;
        expect("null.length()", () -> nul.length(), false);
        expect("null array length", () -> nullArr.length, false);
        expect("null array load", () -> nullArr[0], false);
        expect("null array store", () -> { nullObjs[0] = "x"; return null; }, false);
        expect("null unboxing", () -> { Integer i = null; int x = i; return x; }, false);
        expect("throw null", () -> { throw null; }, false);
        expect("synchronized null", () -> { synchronized (nul) { return 1; } }, false);
        expect("null field", () -> { Dog d = null; return d.hashCode(); }, false);
        expect("AIOOBE read", () -> { int[][] g = new int[3][5]; return g[3]; });
        expect("AIOOBE read 2", () -> { int[] a = new int[3]; return a[3]; });
        expect("AIOOBE negative", () -> { int[] a = new int[3]; return a[-1]; });
        expect("AIOOBE long[]", () -> { long[] a = new long[0]; return a[0]; });
        expect("AIOOBE store", () -> { String[] a = new String[2]; a[2] = "x"; return null; });
        expect("ArrayStoreException", () -> { Object[] a = new String[1]; a[0] = Integer.valueOf(1); return null; });
        expect("ArrayStoreException 2", () -> { Animal[] a = new Dog[1]; a[0] = new Cat(); return null; });
        expect("ArrayStoreException 3", () -> { Object[] a = new Integer[1][]; a[0] = new int[0]; return null; });
        expect("ArrayStore ok", () -> { Object[] a = new Animal[1]; a[0] = new Dog(); return "ok"; });
        expect("NegativeArraySize", () -> new int[-1]);
        expect("NegativeArraySize 2", () -> new String[-5]);
        expect("NegativeArraySize multi", () -> new int[2][-3]);
        expect("NegativeArraySize multi first", () -> new int[-2][3]);
        expect("CCE Integer->String", () -> { Object o = 1; return (String) o; });
        expect("CCE String->Integer", () -> { Object o = "s"; return (Integer) o; });
        expect("CCE Dog->Cat", () -> { Animal a = new Dog(); return (Cat) a; });
        expect("CCE int[]->long[]", () -> { Object o = new int[0]; return (long[]) o; });
        expect("CCE String[]->Integer[]", () -> { Object o = new String[0]; return (Integer[]) o; });
        expect("CCE Object->Runnable", () -> { Object o = new Object(); return (Runnable) o; });
        expect("CCE generic", () -> { List raw = new ArrayList<>(List.of(1)); List<String> ls = raw; String s = ls.get(0); return s; });
        expect("CCE ok null", () -> { Object o = null; return (String) o; });
        expect("ArithmeticException", () -> 1 / (args.length));
        expect("ArithmeticException long", () -> 1L % (long) args.length);
        expect("NumberFormatException", () -> Integer.parseInt("12a"));
        expect("NumberFormatException null", () -> Integer.parseInt(null));
        expect("NumberFormatException long", () -> Long.parseLong("9223372036854775808"));
        expect("NumberFormatException double", () -> Double.parseDouble("1.2.3"));
        expect("StringIndexOutOfBounds charAt", () -> "abc".charAt(5));
        expect("StringIndexOutOfBounds substring", () -> "abc".substring(2, 1));
        expect("StringIndexOutOfBounds sb", () -> new StringBuilder("ab").charAt(2));
        expect("IndexOutOfBounds list", () -> new ArrayList<>(List.of(1)).get(1));
        expect("IndexOutOfBounds List.of", () -> List.of(1, 2).get(2));
        expect("IndexOutOfBounds LinkedList", () -> new LinkedList<>().get(0));
        expect("IndexOutOfBounds asList", () -> Arrays.asList(1, 2).get(-1));
        expect("NoSuchElement iterator", () -> new ArrayList<>().iterator().next());
        expect("NoSuchElement Optional", () -> Optional.empty().get());
        expect("NoSuchElement Scanner-free", () -> new TreeSet<>().first());
        expect("IllegalArgument", () -> new ArrayList<>(-5));
        expect("IllegalArgument HashMap", () -> new HashMap<>(-1));
        expect("IllegalArgument Random", () -> new Random(1).nextInt(0));
        expect("IllegalArgument Character.toChars", () -> Character.toChars(-1));
        expect("IllegalState", () -> { Iterator<Integer> it = new ArrayList<>(List.of(1)).iterator(); it.remove(); return null; });
        expect("UnsupportedOperation", () -> List.of().add(null));
        expect("ConcurrentModification", () -> { List<Integer> l = new ArrayList<>(List.of(1, 2, 3)); for (int x : l) l.add(x); return null; });
        expect("ClassNotFound", () -> Class.forName("nope.Nope"));
        expect("assert", () -> { assert args.length > 5 : "assertion message " + args.length; return "no assert"; });
        expect("assert no message", () -> { assert false; return null; });
        expect("Objects.requireNonNull", () -> Objects.requireNonNull(null, "thing must not be null"));
        expect("Objects.checkIndex", () -> Objects.checkIndex(5, 3));
        expect("Objects.checkFromToIndex", () -> Objects.checkFromToIndex(2, 1, 5));
        expect("Enum.valueOf", () -> Thread.State.valueOf("SLEEPY"));
        expect("String.repeat", () -> "x".repeat(-2));
        expect("Integer.valueOf radix", () -> Integer.parseInt("1", 99));
        expect("clone array ok", () -> new int[]{1, 2}.clone().length);
        expect("Arrays.copyOf negative", () -> Arrays.copyOf(new int[1], -1));
        expect("Arrays.copyOfRange bad", () -> Arrays.copyOfRange(new int[3], 2, 1));
        expect("Arrays.fill range", () -> { Arrays.fill(new int[3], 1, 5, 0); return null; });
        expect("Collections.max empty", () -> Collections.max(new ArrayList<Integer>()));
        expect("StackOverflow-free deep", () -> deep(100));
        expect("Integer.divideUnsigned", () -> Integer.divideUnsigned(1, 0));
        expect("Math.toIntExact", () -> Math.toIntExact(Long.MAX_VALUE));
        expect("char[] in String ctor", () -> new String(new char[2], 1, 5));
        expect("getClass of null", () -> { Object o = null; return o.getClass(); }, false);
    }

    static int deep(int n) { return n == 0 ? 0 : 1 + deep(n - 1); }
}
