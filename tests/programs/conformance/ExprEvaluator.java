import java.util.*;
import java.util.function.*;

public class ExprEvaluator {
    sealed interface Node permits Num, Var, Bin, Unary, Call {}
    record Num(double v) implements Node {}
    record Var(String name) implements Node {}
    record Bin(char op, Node l, Node r) implements Node {}
    record Unary(char op, Node e) implements Node {}
    record Call(String fn, List<Node> args) implements Node {}

    static final class Lexer {
        final String src;
        int i;
        Lexer(String s) { src = s; }
        List<String> tokens() {
            List<String> out = new ArrayList<>();
            while (i < src.length()) {
                char c = src.charAt(i);
                if (Character.isWhitespace(c)) { i++; continue; }
                if (Character.isDigit(c) || c == '.') {
                    int s = i;
                    while (i < src.length() && (Character.isDigit(src.charAt(i)) || src.charAt(i) == '.')) i++;
                    out.add(src.substring(s, i));
                } else if (Character.isLetter(c)) {
                    int s = i;
                    while (i < src.length() && Character.isLetterOrDigit(src.charAt(i))) i++;
                    out.add(src.substring(s, i));
                } else if ("+-*/^%(),".indexOf(c) >= 0) {
                    out.add(String.valueOf(c));
                    i++;
                } else throw new IllegalArgumentException("bad char '" + c + "' at " + i);
            }
            return out;
        }
    }

    static final class Parser {
        final List<String> t;
        int p;
        Parser(List<String> t) { this.t = t; }
        String peek() { return p < t.size() ? t.get(p) : ""; }
        String next() { if (p >= t.size()) throw new IllegalArgumentException("unexpected end"); return t.get(p++); }
        Node parse() {
            Node n = expr();
            if (p != t.size()) throw new IllegalArgumentException("trailing token " + peek());
            return n;
        }
        Node expr() {
            Node n = term();
            while (peek().equals("+") || peek().equals("-")) n = new Bin(next().charAt(0), n, term());
            return n;
        }
        Node term() {
            Node n = factor();
            while (peek().equals("*") || peek().equals("/") || peek().equals("%")) n = new Bin(next().charAt(0), n, factor());
            return n;
        }
        Node factor() {
            Node base = unary();
            if (peek().equals("^")) {
                next();
                return new Bin('^', base, factor());
            }
            return base;
        }
        Node unary() {
            if (peek().equals("-")) { next(); return new Unary('-', unary()); }
            if (peek().equals("+")) { next(); return unary(); }
            return primary();
        }
        Node primary() {
            String tok = next();
            if (tok.equals("(")) {
                Node n = expr();
                if (!next().equals(")")) throw new IllegalArgumentException("expected )");
                return n;
            }
            if (Character.isDigit(tok.charAt(0)) || tok.charAt(0) == '.') return new Num(Double.parseDouble(tok));
            if (Character.isLetter(tok.charAt(0))) {
                if (peek().equals("(")) {
                    next();
                    List<Node> args = new ArrayList<>();
                    if (!peek().equals(")")) {
                        args.add(expr());
                        while (peek().equals(",")) { next(); args.add(expr()); }
                    }
                    if (!next().equals(")")) throw new IllegalArgumentException("expected ) after args");
                    return new Call(tok, args);
                }
                return new Var(tok);
            }
            throw new IllegalArgumentException("unexpected token " + tok);
        }
    }

    static final Map<String, Function<double[], Double>> FUNCS = new TreeMap<>();
    static {
        FUNCS.put("max", a -> Arrays.stream(a).max().orElseThrow());
        FUNCS.put("min", a -> Arrays.stream(a).min().orElseThrow());
        FUNCS.put("abs", a -> Math.abs(a[0]));
        FUNCS.put("sqrt", a -> Math.sqrt(a[0]));
        FUNCS.put("sum", a -> Arrays.stream(a).sum());
        FUNCS.put("floor", a -> Math.floor(a[0]));
    }

    static double eval(Node n, Map<String, Double> env) {
        if (n instanceof Num num) return num.v();
        if (n instanceof Var v) {
            Double d = env.get(v.name());
            if (d == null) throw new NoSuchElementException("undefined variable " + v.name());
            return d;
        }
        if (n instanceof Unary u) return -eval(u.e(), env);
        if (n instanceof Bin b) {
            double l = eval(b.l(), env), r = eval(b.r(), env);
            return switch (b.op()) {
                case '+' -> l + r;
                case '-' -> l - r;
                case '*' -> l * r;
                case '/' -> l / r;
                case '%' -> l % r;
                case '^' -> Math.pow(l, r);
                default -> throw new IllegalStateException("op " + b.op());
            };
        }
        if (n instanceof Call c) {
            Function<double[], Double> f = FUNCS.get(c.fn());
            if (f == null) throw new NoSuchElementException("unknown function " + c.fn());
            double[] args = c.args().stream().mapToDouble(a -> eval(a, env)).toArray();
            return f.apply(args);
        }
        throw new IllegalStateException();
    }

    static String show(Node n) {
        if (n instanceof Num num) return num.v() == Math.floor(num.v()) && !Double.isInfinite(num.v()) ? String.valueOf((long) num.v()) : String.valueOf(num.v());
        if (n instanceof Var v) return v.name();
        if (n instanceof Unary u) return "(-" + show(u.e()) + ")";
        if (n instanceof Bin b) return "(" + show(b.l()) + " " + b.op() + " " + show(b.r()) + ")";
        if (n instanceof Call c) {
            StringJoiner sj = new StringJoiner(", ", c.fn() + "(", ")");
            c.args().forEach(a -> sj.add(show(a)));
            return sj.toString();
        }
        return "?";
    }

    public static void main(String[] args) {
        Map<String, Double> env = new HashMap<>();
        env.put("x", 3.0);
        env.put("y", -2.5);
        env.put("pi", Math.PI);
        String[] inputs = {"1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4", "7 % -3", "1 / 0", "-1 / 0", "0 / 0",
            "x * x + y", "max(1, x, y, 2.5)", "min(x, y) + abs(y)", "sqrt(16) + sqrt(2)", "sum(1,2,3,4,5) / 5", "floor(pi * 100) / 100",
            "((((1))))", "2 * -x", "--x", ".5 + 1.25", "3 - 2 - 1", "2 * (3 + 4) * (5 - 1) / 7", "1 +", "foo(1)", "z + 1", "1 2", "3 $ 4", "max()", "(1 + 2"};
        for (String in : inputs) {
            try {
                Node ast = new Parser(new Lexer(in).tokens()).parse();
                double v = eval(ast, env);
                System.out.println(in + "  =>  " + show(ast) + "  =  " + v);
            } catch (RuntimeException e) {
                System.out.println(in + "  !!  " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        Node big = new Num(0);
        for (int i = 1; i <= 200; i++) big = new Bin(i % 2 == 0 ? '+' : '-', big, new Bin('*', new Num(i), new Var("x")));
        System.out.println("big expr = " + eval(big, env) + " nodes string length " + show(big).length());
        System.out.println(new Bin('+', new Num(1), new Var("q")));
    }
}
