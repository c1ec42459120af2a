public class SwitchExpressions {
    enum Op { ADD, SUB, MUL, DIV, MOD, POW }
    enum Planet { MERCURY, VENUS, EARTH, MARS, JUPITER }

    static int apply(Op op, int a, int b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> {
                if (b == 0) {
                    System.out.println("  div by zero -> 0");
                    yield 0;
                }
                yield a / b;
            }
            case MOD -> b == 0 ? -1 : a % b;
            case POW -> {
                int r = 1;
                for (int i = 0; i < b; i++) r *= a;
                yield r;
            }
        };
    }

    static String classify(int n) {
        return switch (n) {
            case 0 -> "zero";
            case 1, 2, 3 -> "small";
            case 4, 5, 6, 7, 8, 9 -> "medium";
            case 100 -> "hundred";
            case -1 -> "minus one";
            case Integer.MAX_VALUE -> "max";
            case Integer.MIN_VALUE -> "min";
            default -> n < 0 ? "negative" : "large";
        };
    }

    static String sparse(int n) {
        switch (n) {
            case -1000000: return "a";
            case 7: return "b";
            case 1 << 20: return "c";
            case 65536: return "d";
            case 123456789: return "e";
            default: return "-";
        }
    }

    static int fallthrough(int n) {
        int acc = 0;
        switch (n) {
            case 1: acc += 1;
            case 2: acc += 10;
            case 3: acc += 100;
                break;
            case 4: acc += 1000;
            default: acc += 10000;
            case 5: acc += 100000;
        }
        return acc;
    }

    static String charKind(char c) {
        return switch (c) {
            case 'a', 'e', 'i', 'o', 'u' -> "vowel";
            case ' ' -> "space";
            case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> "digit";
            default -> {
                if (Character.isLetter(c)) yield "consonant";
                yield "other";
            }
        };
    }

    static double gravity(Planet p) {
        double g;
        switch (p) {
            case MERCURY: g = 3.7; break;
            case VENUS: g = 8.87; break;
            case EARTH: g = 9.81; break;
            case MARS: g = 3.71; break;
            default: g = 24.79;
        }
        return g;
    }

    public static void main(String[] args) {
        for (Op op : Op.values()) {
            System.out.println(op + ": " + apply(op, 7, 3) + " " + apply(op, -7, 2) + " " + apply(op, 2, 0));
        }
        int[] ns = {0, 1, 3, 5, 9, 10, 100, -1, -50, Integer.MAX_VALUE, Integer.MIN_VALUE, 1000};
        for (int n : ns) System.out.println(n + " -> " + classify(n) + " sparse " + sparse(n));
        for (int n : new int[]{-1000000, 7, 1 << 20, 65536, 123456789, 8}) System.out.println("sparse " + n + " " + sparse(n));
        for (int n = 0; n <= 6; n++) System.out.println("fallthrough " + n + " = " + fallthrough(n));
        StringBuilder sb = new StringBuilder();
        for (char c : "hello world 42!".toCharArray()) sb.append(charKind(c).charAt(0));
        System.out.println(sb);
        for (Planet p : Planet.values()) System.out.println(p + " g=" + gravity(p) + " ordinal=" + p.ordinal());
        Object o = 42L;
        String typeName = switch (o.getClass().getSimpleName()) {
            case "Integer" -> "int";
            case "Long" -> "long";
            default -> "?";
        };
        System.out.println(typeName);
        Integer boxed = 3;
        switch (boxed) {
            case 3 -> System.out.println("boxed three");
            default -> System.out.println("boxed other");
        }
        byte b = -2;
        switch (b) {
            case -2: System.out.println("byte -2"); break;
            case 127: System.out.println("byte 127"); break;
        }
        short sh = 1000;
        String shr = switch (sh) { case 1000 -> "short 1000"; default -> "short ?"; };
        System.out.println(shr);
        int total = 0;
        for (int i = 0; i < 50; i++) {
            total += switch (i % 7) {
                case 0 -> 1;
                case 1, 2 -> i;
                case 3 -> { int t = i * 2; yield t - 1; }
                default -> -1;
            };
        }
        System.out.println("total " + total);
        Planet p = null;
        try {
            switch (p) {
                case EARTH -> System.out.println("earth");
                default -> System.out.println("default");
            }
        } catch (NullPointerException e) {
            System.out.println("NPE on null enum switch");
        }
        String nested = switch (Op.MUL) {
            case MUL -> switch (Planet.MARS) {
                case MARS -> "mul-mars";
                default -> "mul-other";
            };
            default -> "other";
        };
        System.out.println(nested);
    }
}
