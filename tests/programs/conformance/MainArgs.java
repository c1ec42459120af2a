public class MainArgs {
    public static void main(String[] args) {
        System.out.println("args.length = " + args.length);
        System.out.println("args is null: " + (args == null));
        System.out.println("args class: " + args.getClass().getName());
        for (String a : args) System.out.println("arg: " + a);
        String first = args.length > 0 ? args[0] : "<none>";
        System.out.println("first = " + first);
        try {
            System.out.println(args[0]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE: " + e.getMessage());
        }
        String[] copy = java.util.Arrays.copyOf(args, args.length + 2);
        copy[args.length] = "added";
        System.out.println(java.util.Arrays.toString(copy));
        System.out.println(String.join(",", args).isEmpty());
    }
}
