public class StackOverflow {
    static int depth = 0;
    static void infinite() {
        depth++;
        infinite();
    }
    static long infiniteWithLocals(long a, long b, long c) {
        long x = a + b, y = b + c, z = x * y;
        return infiniteWithLocals(x, y, z) + z;
    }
    static int mutualA(int n) { return mutualB(n + 1) + 1; }
    static int mutualB(int n) { return mutualA(n + 1) + 1; }
    static int sumTo(int n) { return n == 0 ? 0 : n + sumTo(n - 1); }

    public static void main(String[] args) {
        try {
            infinite();
            System.out.println("not reached");
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError from infinite(): depth > 1000 = " + (depth > 1000));
        }
        try {
            infiniteWithLocals(1, 2, 3);
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError with locals");
        }
        try {
            mutualA(0);
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError from mutual recursion");
        }
        try {
            infinite();
        } catch (Throwable t) {
            System.out.println("caught again as Throwable: " + (t instanceof VirtualMachineError));
        }
        System.out.println("sumTo(3000) = " + sumTo(3000));
        int ok = 0;
        for (int i = 0; i < 3; i++) {
            try {
                infinite();
            } catch (StackOverflowError e) {
                ok++;
            }
        }
        System.out.println("recovered " + ok + " times");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(i);
        System.out.println("still working: " + sb);
    }
}
