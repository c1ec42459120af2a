import java.util.*;

public class ClassNames {
    interface Marker {}
    static class Nested implements Marker {
        class Inner {}
    }
    enum Kind { A, B { @Override public String toString() { return "b!"; } } }
    record Rec(int x) {}
    @interface Ann {}

    public static void main(String[] args) {
        Class<?>[] classes = {int.class, long.class, void.class, int[].class, String[][].class, Object.class, String.class, Nested.class, Nested.Inner.class,
            Marker.class, Kind.class, Kind.B.getClass(), Rec.class, Ann.class, List.class, ArrayList.class, Map.Entry.class, double[][][].class, Integer.class, Integer.TYPE,
            new Object() {}.getClass(), Thread.State.class, char[].class, boolean.class};
        for (Class<?> c : classes) {
            System.out.println(c.getName() + " | simple=" + c.getSimpleName() + " | canonical=" + c.getCanonicalName() + " | typeName=" + c.getTypeName()
                + " | prim=" + c.isPrimitive() + " arr=" + c.isArray() + " iface=" + c.isInterface() + " enum=" + c.isEnum() + " record=" + c.isRecord()
                + " anno=" + c.isAnnotation() + " anon=" + c.isAnonymousClass() + " member=" + c.isMemberClass()
                + " super=" + (c.getSuperclass() == null ? "null" : c.getSuperclass().getName()) + " toString=" + c);
        }
        System.out.println(Nested.class.getInterfaces().length + " " + Nested.class.getInterfaces()[0].getSimpleName() + " " + ArrayList.class.getInterfaces().length);
        System.out.println(int[].class.getComponentType() + " " + String[][].class.getComponentType().getName() + " " + int.class.getComponentType());
        System.out.println(Object.class.isAssignableFrom(String.class) + " " + Number.class.isAssignableFrom(Integer.class) + " " + int.class.isAssignableFrom(Integer.class)
            + " " + Object[].class.isAssignableFrom(String[].class) + " " + Object[].class.isAssignableFrom(int[].class) + " " + Marker.class.isAssignableFrom(Nested.class));
        System.out.println(Integer.class.isInstance(5) + " " + Number.class.isInstance(5L) + " " + String.class.isInstance(null) + " " + Integer.class.cast(7));
        try {
            String.class.cast(5);
        } catch (ClassCastException e) {
            System.out.println("cast: " + e.getMessage());
        }
        System.out.println("pkg " + String.class.getPackageName() + " | " + ClassNames.class.getPackageName().isEmpty() + " | " + Map.Entry.class.getPackageName());
        System.out.println(Kind.A.getClass() + " " + Kind.B.getClass() + " " + Kind.B.getDeclaringClass() + " " + Kind.B);
        System.out.println(Nested.Inner.class.getEnclosingClass().getName() + " " + Nested.Inner.class.getDeclaringClass().getSimpleName() + " " + ClassNames.class.getEnclosingClass());
        System.out.println(java.lang.reflect.Modifier.toString(Nested.class.getModifiers()) + " | " + java.lang.reflect.Modifier.toString(Marker.class.getModifiers())
            + " | " + java.lang.reflect.Modifier.toString(Kind.class.getModifiers()) + " | " + java.lang.reflect.Modifier.toString(Rec.class.getModifiers()));
        Object[] objs = {"s", 1, 2L, 3.0, 'c', true, new int[0], new String[0], new ArrayList<>(), new HashMap<>(), new Rec(1), Kind.A, Kind.B};
        StringBuilder sb = new StringBuilder();
        for (Object o : objs) sb.append(o.getClass().getSimpleName()).append(',');
        System.out.println(sb);
        try {
            Class<?> c = Class.forName("java.util.ArrayList");
            System.out.println(c.getName() + " " + (c == ArrayList.class));
            Class<?> arr = Class.forName("[Ljava.lang.String;");
            System.out.println(arr.getSimpleName() + " " + (arr == String[].class));
            Class<?> nested = Class.forName("ClassNames$Nested$Inner");
            System.out.println(nested.getSimpleName());
        } catch (ClassNotFoundException e) {
            System.out.println("CNFE " + e.getMessage());
        }
        System.out.println(Rec.class.getRecordComponents()[0].getName() + " " + Kind.class.getEnumConstants().length + " " + Arrays.toString(Kind.class.getEnumConstants()));
    }
}
