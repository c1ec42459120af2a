public class ExitStatus3 {
    static class Hook {
        static { System.out.println("Hook class initialized"); }
    }

    public static void main(String[] args) {
        System.out.println("preparing to exit");
        int total = 0;
        for (int i = 1; i <= 10; i++) total += i;
        System.out.println("total " + total);
        try {
            System.out.println("inside try");
            if (total == 55) {
                System.out.flush();
                System.exit(3);
            }
            System.out.println("not reached");
        } finally {
            System.out.println("finally must NOT run after System.exit");
        }
        System.out.println("not reached either");
    }
}
