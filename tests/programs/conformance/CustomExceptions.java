public class CustomExceptions {
    static class AppException extends Exception {
        private final int code;
        AppException(String msg, int code) { super(msg); this.code = code; }
        AppException(String msg, int code, Throwable cause) { super(msg, cause); this.code = code; }
        int code() { return code; }
    }
    static class ValidationException extends AppException {
        final String field;
        ValidationException(String field, String msg) { super(field + ": " + msg, 400); this.field = field; }
    }
    static class NotFoundException extends AppException {
        NotFoundException(String what) { super(what + " not found", 404); }
        @Override public String getMessage() { return "[NF] " + super.getMessage(); }
    }
    static class QuietException extends RuntimeException {
        QuietException() { super(); }
        @Override public String toString() { return "QuietException!"; }
    }
    static class LocalizedException extends RuntimeException {
        LocalizedException(String m) { super(m); }
        @Override public String getLocalizedMessage() { return "localized(" + getMessage() + ")"; }
    }
    static class NoStack extends RuntimeException {
        NoStack(String m) { super(m, null, false, false); }
    }

    static void validate(String name, int age) throws ValidationException {
        if (name == null || name.isEmpty()) throw new ValidationException("name", "must not be empty");
        if (age < 0 || age > 150) throw new ValidationException("age", "out of range " + age);
    }

    static String lookup(String key) throws NotFoundException {
        if (!key.startsWith("k")) throw new NotFoundException("key '" + key + "'");
        return key.toUpperCase();
    }

    static String process(String key, String name, int age) {
        try {
            validate(name, age);
            return "ok " + lookup(key);
        } catch (ValidationException e) {
            return "validation(" + e.code() + "," + e.field + "): " + e.getMessage();
        } catch (AppException e) {
            return "app(" + e.code() + "): " + e.getMessage() + " | " + e;
        }
    }

    public static void main(String[] args) {
        System.out.println(process("k1", "ann", 30));
        System.out.println(process("k1", "", 30));
        System.out.println(process("k1", "bob", 200));
        System.out.println(process("x1", "bob", 20));
        Exception plain = new Exception();
        System.out.println(plain.getMessage() + " | " + plain + " | " + plain.getCause());
        RuntimeException withCause = new RuntimeException(new IllegalArgumentException("root"));
        System.out.println(withCause.getMessage() + " | " + withCause + " | " + withCause.getCause());
        RuntimeException nullCause = new RuntimeException("msg", null);
        System.out.println(nullCause.getCause() + " " + nullCause);
        Throwable chain = new AppException("top", 1, new RuntimeException("middle", new Error("bottom")));
        int depth = 0;
        for (Throwable t = chain; t != null; t = t.getCause()) {
            System.out.println("  ".repeat(depth++) + t.getClass().getName() + ": " + t.getMessage());
        }
        Throwable init = new Exception("late");
        init.initCause(new ArithmeticException("cause set later"));
        System.out.println(init.getCause());
        try {
            init.initCause(new RuntimeException());
        } catch (IllegalStateException e) {
            System.out.println("initCause twice: " + e.getMessage());
        }
        try {
            Throwable self = new Exception("self");
            self.initCause(self);
        } catch (IllegalArgumentException e) {
            System.out.println("self cause: " + e.getMessage());
        }
        System.out.println(new QuietException() + " " + new QuietException().getMessage());
        LocalizedException le = new LocalizedException("msg");
        System.out.println(le + " | " + le.getMessage() + " | " + le.getLocalizedMessage());
        NoStack ns = new NoStack("no stack");
        System.out.println(ns + " stack length " + ns.getStackTrace().length);
        try {
            throw new NotFoundException("thing");
        } catch (Exception e) {
            System.out.println(e instanceof AppException ? "is AppException " + ((AppException) e).code() : "other");
            System.out.println(e.getClass().getSimpleName() + " " + e.getClass().getSuperclass().getSimpleName() + " " + e.getClass().getName());
        }
        Error err = new StackOverflowError("fake");
        System.out.println(err + " isError " + (err instanceof VirtualMachineError));
        System.out.println(new IllegalArgumentException("x", new RuntimeException("y")).getCause().getMessage());
        System.out.println(new UnsupportedOperationException((String) null) + " | " + new IllegalStateException("s"));
        System.out.println(new ArrayIndexOutOfBoundsException(5).getMessage() + " | " + new StringIndexOutOfBoundsException(3).getMessage() + " | " + new IndexOutOfBoundsException(7).getMessage());
        System.out.println(new ClassCastException().getMessage() + " | " + new NumberFormatException("nf") + " | " + new java.io.IOException("io", new RuntimeException("r")));
        System.out.println(new java.io.UncheckedIOException(new java.io.IOException("wrapped")).getMessage());
        System.out.println(new ExceptionInInitializerError(new RuntimeException("init")).getCause() + " | " + new AssertionError(42).getMessage() + " | " + new AssertionError("msg", new Error("c")).getCause());
        try {
            sneaky();
        } catch (Exception e) {
            System.out.println("sneaky threw " + e);
        }
    }

    static void sneaky() {
        CustomExceptions.<RuntimeException>sneakyThrow(new java.io.IOException("checked but sneaky"));
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> void sneakyThrow(Throwable t) throws E {
        throw (E) t;
    }
}
