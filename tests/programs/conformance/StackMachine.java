import java.util.*;

public class StackMachine {
    enum Op { PUSH, POP, ADD, SUB, MUL, DIV, MOD, DUP, SWAP, OVER, JMP, JZ, JNZ, LOAD, STORE, PRINT, CALL, RET, HALT, LT, EQ, NEG }

    record Instr(Op op, long arg) {
        static Instr of(Op op) { return new Instr(op, 0); }
        static Instr of(Op op, long arg) { return new Instr(op, arg); }
        @Override public String toString() { return arg == 0 && op != Op.PUSH ? op.name() : op + " " + arg; }
    }

    static final class VmError extends RuntimeException {
        VmError(String m, int pc) { super(m + " at pc=" + pc); }
    }

    static List<String> run(List<Instr> prog, int maxSteps) {
        long[] stack = new long[256];
        long[] mem = new long[16];
        int sp = 0, pc = 0, steps = 0;
        Deque<Integer> calls = new ArrayDeque<>();
        List<String> out = new ArrayList<>();
        while (true) {
            if (pc < 0 || pc >= prog.size()) throw new VmError("pc out of range", pc);
            if (++steps > maxSteps) throw new VmError("step limit", pc);
            Instr in = prog.get(pc++);
            try {
                switch (in.op()) {
                    case PUSH -> stack[sp++] = in.arg();
                    case POP -> sp--;
                    case ADD -> { sp--; stack[sp - 1] += stack[sp]; }
                    case SUB -> { sp--; stack[sp - 1] -= stack[sp]; }
                    case MUL -> { sp--; stack[sp - 1] *= stack[sp]; }
                    case DIV -> { sp--; stack[sp - 1] /= stack[sp]; }
                    case MOD -> { sp--; stack[sp - 1] %= stack[sp]; }
                    case NEG -> stack[sp - 1] = -stack[sp - 1];
                    case LT -> { sp--; stack[sp - 1] = stack[sp - 1] < stack[sp] ? 1 : 0; }
                    case EQ -> { sp--; stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1 : 0; }
                    case DUP -> { stack[sp] = stack[sp - 1]; sp++; }
                    case SWAP -> { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
                    case OVER -> { stack[sp] = stack[sp - 2]; sp++; }
                    case JMP -> pc = (int) in.arg();
                    case JZ -> { if (stack[--sp] == 0) pc = (int) in.arg(); }
                    case JNZ -> { if (stack[--sp] != 0) pc = (int) in.arg(); }
                    case LOAD -> stack[sp++] = mem[(int) in.arg()];
                    case STORE -> mem[(int) in.arg()] = stack[--sp];
                    case PRINT -> out.add(String.valueOf(stack[--sp]));
                    case CALL -> { calls.push(pc); pc = (int) in.arg(); }
                    case RET -> pc = calls.pop();
                    case HALT -> { out.add("halt after " + steps + " steps, sp=" + sp); return out; }
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                throw new VmError("stack fault (" + e.getMessage() + ")", pc - 1);
            } catch (ArithmeticException e) {
                throw new VmError("arithmetic: " + e.getMessage(), pc - 1);
            } catch (NoSuchElementException e) {
                throw new VmError("return without call", pc - 1);
            }
        }
    }

    static List<Instr> parse(String src) {
        List<Instr> p = new ArrayList<>();
        for (String line : src.strip().split("\n")) {
            String[] parts = line.strip().split("\\s+");
            Op op = Op.valueOf(parts[0].toUpperCase());
            p.add(parts.length > 1 ? Instr.of(op, Long.parseLong(parts[1])) : Instr.of(op));
        }
        return p;
    }

    public static void main(String[] args) {
        String factorial = """
            push 1
            store 0
            push 20
            store 1
            load 1
            jz 15
            load 0
            load 1
            mul
            store 0
            load 1
            push 1
            sub
            store 1
            jmp 4
            load 0
            print
            halt
            """;
        List<Instr> prog = parse(factorial);
        System.out.println(prog);
        System.out.println(run(prog, 10000));
        String fibs = """
            push 0
            store 0
            push 1
            store 1
            push 0
            store 2
            load 0
            print
            load 0
            load 1
            dup
            store 0
            add
            store 1
            load 2
            push 1
            add
            dup
            store 2
            push 30
            lt
            jnz 6
            halt
            """;
        System.out.println(run(parse(fibs), 10000));
        String gcdWithCall = """
            push 1071
            push 462
            call 5
            print
            halt
            dup
            jz 13
            swap
            over
            mod
            jmp 5
            halt
            halt
            pop
            ret
            """;
        System.out.println(run(parse(gcdWithCall), 10000));
        String[] bad = {"push 1\npush 0\ndiv\nhalt", "pop\npop\nhalt", "ret", "jmp 0", "push 5\njmp 99", "push 1\nneg\nprint\nhalt"};
        for (String b : bad) {
            try {
                System.out.println(run(parse(b), 1000));
            } catch (VmError e) {
                System.out.println("VmError: " + e.getMessage());
            }
        }
        try {
            parse("bogus 1");
        } catch (IllegalArgumentException e) {
            System.out.println("parse error: " + e.getMessage());
        }
        List<Instr> loop = new ArrayList<>();
        loop.add(Instr.of(Op.PUSH, 0));
        loop.add(Instr.of(Op.STORE, 0));
        loop.add(Instr.of(Op.LOAD, 0));
        loop.add(Instr.of(Op.PUSH, 1));
        loop.add(Instr.of(Op.ADD));
        loop.add(Instr.of(Op.DUP));
        loop.add(Instr.of(Op.STORE, 0));
        loop.add(Instr.of(Op.PUSH, 200000));
        loop.add(Instr.of(Op.LT));
        loop.add(Instr.of(Op.JNZ, 2));
        loop.add(Instr.of(Op.LOAD, 0));
        loop.add(Instr.of(Op.PRINT));
        loop.add(Instr.of(Op.HALT));
        System.out.println(run(loop, 5_000_000));
    }
}
