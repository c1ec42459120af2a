import java.lang.reflect.*;
import java.util.*;

public class ReflectionBasics {
    static class Person implements Comparable<Person> {
        public String name;
        private int age;
        protected static int created;
        public final double height = 1.75;

        public Person() { this("anon", 0); }
        public Person(String name, int age) { this.name = name; this.age = age; created++; }
        private Person(int age) { this("private", age); }

        public String greet(String other) { return name + " greets " + other; }
        public int getAge() { return age; }
        private String secret() { return "secret of " + name; }
        public static int twice(int x) { return 2 * x; }
        public void fail() { throw new IllegalStateException("failed inside " + name); }
        public int compareTo(Person o) { return Integer.compare(age, o.age); }
        @Override public String toString() { return "Person(" + name + "," + age + ")"; }
    }

    public static void main(String[] args) throws Exception {
        Class<Person> c = Person.class;
        List<String> fields = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) fields.add(Modifier.toString(f.getModifiers()) + " " + f.getType().getSimpleName() + " " + f.getName());
        Collections.sort(fields);
        System.out.println("fields " + fields);
        List<String> methods = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (m.isSynthetic()) continue;
            methods.add(m.getName() + "(" + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).reduce((a, b) -> a + "," + b).orElse("") + "):" + m.getReturnType().getSimpleName());
        }
        Collections.sort(methods);
        System.out.println("methods " + methods);
        List<String> ctors = new ArrayList<>();
        for (Constructor<?> k : c.getDeclaredConstructors()) ctors.add(Modifier.toString(k.getModifiers()) + " " + k.getParameterCount());
        Collections.sort(ctors);
        System.out.println("ctors " + ctors);
        Person p = c.getConstructor(String.class, int.class).newInstance("Ada", 36);
        System.out.println(p + " created=" + Person.created);
        Constructor<Person> priv = c.getDeclaredConstructor(int.class);
        priv.setAccessible(true);
        System.out.println(priv.newInstance(5));
        Method greet = c.getMethod("greet", String.class);
        System.out.println(greet.invoke(p, "Bob"));
        Method twice = c.getMethod("twice", int.class);
        System.out.println(twice.invoke(null, 21) + " " + twice.invoke(null, Integer.valueOf(4)).getClass().getSimpleName());
        Method secret = c.getDeclaredMethod("secret");
        try {
            secret.invoke(p);
            System.out.println("invoked private without setAccessible (nestmate)");
        } catch (IllegalAccessException e) {
            System.out.println("IllegalAccessException");
        }
        secret.setAccessible(true);
        System.out.println(secret.invoke(p));
        Method fail = c.getMethod("fail");
        try {
            fail.invoke(p);
        } catch (InvocationTargetException e) {
            System.out.println("InvocationTargetException cause: " + e.getCause());
        }
        try {
            greet.invoke(p, 42);
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException on bad arg type");
        }
        try {
            c.getMethod("nope");
        } catch (NoSuchMethodException e) {
            System.out.println("NoSuchMethodException: " + e.getMessage());
        }
        Field age = c.getDeclaredField("age");
        age.setAccessible(true);
        System.out.println("age " + age.getInt(p) + " " + age.get(p));
        age.setInt(p, 40);
        System.out.println("after set " + p.getAge());
        Field name = c.getField("name");
        name.set(p, "Grace");
        System.out.println(p + " " + name.get(p));
        Field created = c.getDeclaredField("created");
        System.out.println("static field " + created.get(null) + " " + Modifier.isStatic(created.getModifiers()));
        Field height = c.getField("height");
        System.out.println("final " + height.getDouble(p) + " " + Modifier.isFinal(height.getModifiers()));
        try {
            height.set(p, 2.0);
        } catch (IllegalAccessException e) {
            System.out.println("cannot set final field");
        }
        System.out.println(c.getSuperclass().getSimpleName() + " " + Arrays.toString(c.getInterfaces()) + " " + c.getGenericInterfaces()[0].getTypeName());
        Method compareTo = c.getMethod("compareTo", Person.class);
        System.out.println(compareTo.invoke(new Person("x", 1), new Person("y", 2)));
        Object arr = Array.newInstance(String.class, 3);
        Array.set(arr, 1, "mid");
        System.out.println(Array.getLength(arr) + " " + Array.get(arr, 1) + " " + arr.getClass().getSimpleName());
        int[] ints = (int[]) Array.newInstance(int.class, 4);
        Array.setInt(ints, 2, 7);
        System.out.println(Arrays.toString(ints) + " " + Array.getInt(ints, 2));
        Method valueOf = Integer.class.getMethod("valueOf", String.class);
        System.out.println(valueOf.invoke(null, "123") + " " + String.class.getMethod("length").invoke("hello") + " " + List.class.getMethod("size").invoke(List.of(1, 2)));
        System.out.println(Person.class.getDeclaredMethod("getAge").getDeclaringClass().getSimpleName() + " " + Person.class.getMethod("hashCode").getDeclaringClass().getSimpleName());
    }
}
