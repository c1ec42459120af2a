// expect-unsupported: java.lang.reflect.Proxy
import java.lang.reflect.*;
import java.util.*;

public class DynamicProxy {
    interface Calculator {
        int add(int a, int b);
        double div(double a, double b);
        String name();
        default String describe() { return "Calculator " + name(); }
    }

    interface Repo {
        String find(String id);
        List<String> all();
        void save(String id, String v);
    }

    static class RealCalc implements Calculator {
        public int add(int a, int b) { return a + b; }
        public double div(double a, double b) {
            if (b == 0) throw new ArithmeticException("division by zero in RealCalc");
            return a / b;
        }
        public String name() { return "real"; }
    }

    public static void main(String[] args) {
        List<String> log = new ArrayList<>();
        Calculator real = new RealCalc();
        Calculator logged = (Calculator) Proxy.newProxyInstance(Calculator.class.getClassLoader(), new Class<?>[]{Calculator.class}, (proxy, method, margs) -> {
            String call = method.getName() + (margs == null ? "()" : Arrays.toString(margs));
            try {
                Object r = method.invoke(real, margs);
                log.add(call + " = " + r);
                return r;
            } catch (InvocationTargetException e) {
                log.add(call + " threw " + e.getCause().getClass().getSimpleName());
                throw e.getCause();
            }
        });
        System.out.println(logged.add(2, 3));
        System.out.println(logged.div(10, 4));
        System.out.println(logged.name());
        try {
            logged.div(1, 0);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        System.out.println(logged.describe());
        log.forEach(System.out::println);
        System.out.println("isProxy " + Proxy.isProxyClass(logged.getClass()) + " " + (logged instanceof Calculator) + " " + Proxy.isProxyClass(RealCalc.class));
        Map<String, String> store = new TreeMap<>();
        Repo repo = (Repo) Proxy.newProxyInstance(Repo.class.getClassLoader(), new Class<?>[]{Repo.class}, (proxy, method, margs) -> {
            switch (method.getName()) {
                case "find": return store.getOrDefault((String) margs[0], "<missing>");
                case "all": return new ArrayList<>(store.values());
                case "save": store.put((String) margs[0], (String) margs[1]); return null;
                case "toString": return "RepoProxy" + store.keySet();
                case "hashCode": return 42;
                case "equals": return proxy == margs[0];
                default: throw new UnsupportedOperationException(method.getName());
            }
        });
        repo.save("1", "one");
        repo.save("2", "two");
        System.out.println(repo.find("1") + " " + repo.find("3") + " " + repo.all() + " " + repo + " " + repo.hashCode() + " " + repo.equals(repo) + " " + repo.equals("x"));
        InvocationHandler bad = (proxy, method, margs) -> "not an int";
        Calculator broken = (Calculator) Proxy.newProxyInstance(Calculator.class.getClassLoader(), new Class<?>[]{Calculator.class}, bad);
        try {
            broken.add(1, 2);
        } catch (ClassCastException e) {
            System.out.println("ClassCastException from bad return type");
        }
        Calculator nullReturn = (Calculator) Proxy.newProxyInstance(Calculator.class.getClassLoader(), new Class<?>[]{Calculator.class}, (p, m, a) -> null);
        try {
            nullReturn.add(1, 2);
        } catch (NullPointerException e) {
            System.out.println("NPE from null primitive return");
        }
        System.out.println(nullReturn.name());
        Calculator checked = (Calculator) Proxy.newProxyInstance(Calculator.class.getClassLoader(), new Class<?>[]{Calculator.class}, (p, m, a) -> { throw new Exception("checked!"); });
        try {
            checked.name();
        } catch (UndeclaredThrowableException e) {
            System.out.println("UndeclaredThrowableException cause " + e.getCause().getMessage());
        }
        Runnable r = (Runnable) Proxy.newProxyInstance(Runnable.class.getClassLoader(), new Class<?>[]{Runnable.class, Comparable.class}, (p, m, a) -> {
            System.out.println("invoked " + m.getName() + " declared in " + m.getDeclaringClass().getSimpleName());
            return m.getName().equals("compareTo") ? 0 : null;
        });
        r.run();
        @SuppressWarnings("unchecked")
        Comparable<Object> cmp = (Comparable<Object>) r;
        System.out.println(cmp.compareTo("x"));
    }
}
