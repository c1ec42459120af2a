import java.util.*;

public class Brainfuck {
    static String run(String code, String input, int maxSteps) {
        int[] jump = new int[code.length()];
        Deque<Integer> stack = new ArrayDeque<>();
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '[') stack.push(i);
            else if (c == ']') {
                if (stack.isEmpty()) throw new IllegalArgumentException("unmatched ] at " + i);
                int j = stack.pop();
                jump[i] = j;
                jump[j] = i;
            }
        }
        if (!stack.isEmpty()) throw new IllegalArgumentException("unmatched [ at " + stack.peek());
        byte[] tape = new byte[30000];
        int ptr = 0, in = 0, steps = 0;
        StringBuilder out = new StringBuilder();
        for (int pc = 0; pc < code.length(); pc++) {
            if (++steps > maxSteps) {
                out.append("<step limit>");
                break;
            }
            switch (code.charAt(pc)) {
                case '>' -> ptr++;
                case '<' -> ptr--;
                case '+' -> tape[ptr]++;
                case '-' -> tape[ptr]--;
                case '.' -> out.append((char) (tape[ptr] & 0xff));
                case ',' -> tape[ptr] = in < input.length() ? (byte) input.charAt(in++) : 0;
                case '[' -> { if (tape[ptr] == 0) pc = jump[pc]; }
                case ']' -> { if (tape[ptr] != 0) pc = jump[pc]; }
                default -> steps--;
            }
        }
        return out + " [steps=" + steps + ", ptr=" + ptr + "]";
    }

    public static void main(String[] args) {
        String hello = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++.";
        System.out.println(run(hello, "", 1_000_000));
        String echoUpper = ",[>++++[<-------->-]<.,]";
        System.out.println(run(echoUpper, "hello", 100000));
        String reverse = ">,[>,]<[.<]";
        System.out.println(run(reverse, "stressed", 10000));
        String add = ",>,[<+>-]<------------------------------------------------.";
        System.out.println(run(add, "34", 10000));
        String squares = "++++[>+++++<-]>[<+++++>-]+<+[>[>+>+<<-]++>>[<<+>>-]>>>[-]++>[-]+>>>+[[-]++++++>>>]<<<[[<++++++++<++>>-]+<.<[>----<-]<]<<[>>>>>[>>>[-]+++++++++<[>-<-]+++++++++>[-[<->-]+[<<<]]<[>+<-]>]<<-]<<-]";
        System.out.println(run(squares, "", 5_000_000).replace("\n", "|"));
        String fib = "+++++++++++>+>>>>++++++++++++++++++++++++++++++++++++++++++++>++++++++++++++++++++++++++++++++<<<<<<[>[>>>>>>+>+<<<<<<<-]>>>>>>>[<<<<<<<+>>>>>>>-]<[>++++++++++[-<-[>>+>+<<<-]>>>[<<<+>>>-]+<[>[-]<[-]]>[<<[>>>+<<<-]>>[-]]<<]>>>[>>+>+<<<-]>>>[<<<+>>>-]+<[>[-]<[-]]>[<<+>>[-]]<<<<<<<]>>>>>[++++++++++++++++++++++++++++++++++++++++++++++++.[-]]++++++++++<[->-<]>++++++++++++++++++++++++++++++++++++++++++++++++.[-]<<<<<<<<<<<<[>>>+>+<<<<-]>>>>[<<<<+>>>>-]<-[>>.>.<<<[-]]<<[>>+>+<<<-]>>>[<<<+>>>-]<<[<+>-]>[<+>-]<<<-]";
        System.out.println(run(fib, "", 5_000_000));
        try {
            run("[[]", "", 10);
        } catch (IllegalArgumentException e) {
            System.out.println("error: " + e.getMessage());
        }
        try {
            run("[]]", "", 10);
        } catch (IllegalArgumentException e) {
            System.out.println("error: " + e.getMessage());
        }
        System.out.println(run("+[]", "", 1000));
        System.out.println(run("-.", "", 10).chars().limit(1).map(c -> c).sum());
    }
}
