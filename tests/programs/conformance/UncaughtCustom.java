import java.util.*;

public class UncaughtCustom {
    static class ProcessingFailedException extends RuntimeException {
        final int item;
        ProcessingFailedException(int item, Throwable cause) {
            super("processing failed at item " + item, cause);
            this.item = item;
        }
    }

    static int process(int x) {
        if (x == 7) throw new IllegalStateException("seven is not allowed");
        return x * x;
    }

    public static void main(String[] args) {
        List<Integer> results = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                results.add(process(i));
                System.out.println("processed " + i + " -> " + results.get(results.size() - 1));
            }
        } catch (IllegalStateException e) {
            System.out.println("caught once: " + e.getMessage() + ", rethrowing wrapped");
            System.out.println("results so far " + results);
            try {
                throw new ProcessingFailedException(results.size(), e);
            } finally {
                System.out.println("finally before propagation");
            }
        }
        System.out.println("not reached");
    }
}
