// expect-unsupported: java.lang.invoke method handles
import java.lang.invoke.*;
import java.util.*;

public class MethodHandlesBasics {
    private int counter = 10;
    static String greet(String a, String b) { return a + ", " + b + "!"; }
    int addToCounter(int x) { counter += x; return counter; }
    private static String hidden(int x) { return "hidden" + x; }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle greet = lookup.findStatic(MethodHandlesBasics.class, "greet", MethodType.methodType(String.class, String.class, String.class));
        System.out.println(greet.type() + " -> " + (String) greet.invokeExact("Hello", "World"));
        System.out.println(greet.invoke("Hi", "there"));
        MethodHandle concat = lookup.findVirtual(String.class, "concat", MethodType.methodType(String.class, String.class));
        System.out.println(concat.type() + " " + (String) concat.invokeExact("foo", "bar"));
        MethodHandle length = lookup.findVirtual(String.class, "length", MethodType.methodType(int.class));
        System.out.println((int) length.invokeExact("seven!!"));
        MethodHandlesBasics obj = new MethodHandlesBasics();
        MethodHandle add = lookup.findVirtual(MethodHandlesBasics.class, "addToCounter", MethodType.methodType(int.class, int.class));
        MethodHandle bound = add.bindTo(obj);
        System.out.println((int) bound.invokeExact(5) + " " + (int) bound.invokeExact(7) + " " + obj.counter);
        MethodHandle ctor = lookup.findConstructor(ArrayList.class, MethodType.methodType(void.class, int.class));
        @SuppressWarnings("unchecked")
        List<String> list = (List<String>) ctor.invoke(10);
        list.add("x");
        System.out.println(list);
        MethodHandle getter = lookup.findGetter(MethodHandlesBasics.class, "counter", int.class);
        MethodHandle setter = lookup.findSetter(MethodHandlesBasics.class, "counter", int.class);
        setter.invoke(obj, 100);
        System.out.println("getter " + (int) getter.invoke(obj));
        MethodHandle hidden = lookup.findStatic(MethodHandlesBasics.class, "hidden", MethodType.methodType(String.class, int.class));
        System.out.println(hidden.invoke(3));
        MethodHandle greetWorld = MethodHandles.insertArguments(greet, 1, "World");
        System.out.println(greetWorld.type() + " " + greetWorld.invoke("Goodbye"));
        MethodHandle upper = lookup.findVirtual(String.class, "toUpperCase", MethodType.methodType(String.class));
        MethodHandle shout = MethodHandles.filterReturnValue(greet, upper);
        System.out.println(shout.invoke("hey", "you"));
        MethodHandle lenOfGreet = MethodHandles.filterReturnValue(greet, length);
        System.out.println(lenOfGreet.type() + " " + lenOfGreet.invoke("a", "b"));
        MethodHandle swapped = MethodHandles.permuteArguments(greet, MethodType.methodType(String.class, String.class, String.class), 1, 0);
        System.out.println(swapped.invoke("first", "second"));
        MethodHandle dropped = MethodHandles.dropArguments(greet, 0, int.class);
        System.out.println(dropped.type() + " " + dropped.invoke(99, "x", "y"));
        MethodHandle constant = MethodHandles.constant(String.class, "const");
        MethodHandle identity = MethodHandles.identity(int.class);
        System.out.println(constant.invoke() + " " + (int) identity.invokeExact(42));
        MethodHandle isEmpty = lookup.findVirtual(String.class, "isEmpty", MethodType.methodType(boolean.class));
        MethodHandle guard = MethodHandles.guardWithTest(isEmpty, MethodHandles.dropArguments(MethodHandles.constant(String.class, "<empty>"), 0, String.class), upper);
        System.out.println(guard.invoke("") + " " + guard.invoke("abc"));
        MethodHandle getElem = MethodHandles.arrayElementGetter(int[].class);
        MethodHandle setElem = MethodHandles.arrayElementSetter(int[].class);
        int[] arr = {1, 2, 3};
        setElem.invoke(arr, 1, 20);
        System.out.println((int) getElem.invoke(arr, 1) + " " + Arrays.toString(arr) + " " + MethodHandles.arrayLength(int[].class).invoke(arr));
        MethodHandle parse = lookup.findStatic(Integer.class, "parseInt", MethodType.methodType(int.class, String.class));
        MethodHandle safeParse = MethodHandles.catchException(parse, NumberFormatException.class,
            MethodHandles.dropArguments(MethodHandles.constant(int.class, -1), 0, NumberFormatException.class, String.class));
        System.out.println((int) safeParse.invokeExact("123") + " " + (int) safeParse.invokeExact("xyz"));
        MethodHandle spread = greet.asSpreader(Object[].class, 2);
        System.out.println(spread.invoke(new Object[]{"spread", "args"}));
        MethodHandle collector = lookup.findStatic(Arrays.class, "toString", MethodType.methodType(String.class, Object[].class)).asCollector(Object[].class, 3);
        System.out.println(collector.invoke("a", 1, 2.0));
        MethodHandle varargs = lookup.findStatic(String.class, "format", MethodType.methodType(String.class, String.class, Object[].class));
        System.out.println(varargs.isVarargsCollector() + " " + varargs.invoke("%s-%s", "v1", "v2"));
        try {
            String wrong = (String) length.invokeExact("x");
            System.out.println(wrong);
        } catch (WrongMethodTypeException e) {
            System.out.println("WrongMethodTypeException");
        }
        try {
            lookup.findStatic(MethodHandlesBasics.class, "missing", MethodType.methodType(void.class));
        } catch (NoSuchMethodException e) {
            System.out.println("NoSuchMethodException");
        }
        System.out.println(MethodType.methodType(int.class, String.class, long[].class) + " " + MethodType.fromMethodDescriptorString("(IJ)V", null) + " "
            + MethodType.methodType(Integer.class, int.class).unwrap() + " " + MethodType.methodType(int.class).wrap());
        MethodHandle asType = length.asType(MethodType.methodType(Object.class, Object.class));
        System.out.println(asType.type() + " " + asType.invoke((Object) "abcd"));
        MethodHandle combined = MethodHandles.foldArguments(greet, upper);
        System.out.println(combined.type() + " " + combined.invoke("fold"));
    }
}
