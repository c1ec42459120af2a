public class StringSwitch {
    static String classic(String s) {
        String r = "";
        switch (s) {
            case "Aa":
                r += "Aa;";
            case "BB":
                r += "BB;";
                break;
            case "AaAa":
                r += "AaAa;";
                break;
            case "BBBB":
            case "AaBB":
                r += "BBBB|AaBB;";
                break;
            case "":
                r += "empty;";
                break;
            case "hello":
                return "greeting";
            default:
                r += "default;";
        }
        return r;
    }

    static int arrow(String s) {
        return switch (s) {
            case "one", "uno", "eins" -> 1;
            case "two", "dos" -> 2;
            case "three" -> {
                int x = 1;
                for (int i = 0; i < 2; i++) x++;
                yield x;
            }
            default -> {
                if (s.startsWith("n")) yield -1;
                yield s.length() * 100;
            }
        };
    }

    static String yielding(String day) {
        String kind = switch (day.toLowerCase()) {
            case "saturday":
            case "sunday":
                yield "weekend";
            case "monday":
                System.out.println("  (ugh, monday)");
            case "tuesday":
            case "wednesday":
            case "thursday":
            case "friday":
                yield "weekday";
            default:
                yield "unknown:" + day;
        };
        return kind;
    }

    public static void main(String[] args) {
        String[] inputs = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "", "hello", "HELLO", "other", "Ab", "C#"};
        for (String s : inputs) System.out.println("classic(" + s + ") = " + classic(s) + " hash " + s.hashCode());
        String[] words = {"one", "uno", "eins", "two", "dos", "three", "four", "nine", "", "twenty"};
        for (String w : words) System.out.println("arrow(" + w + ") = " + arrow(w));
        String[] days = {"Saturday", "SUNDAY", "Monday", "friday", "Funday"};
        for (String d : days) System.out.println(d + " -> " + yielding(d));
        try {
            String n = null;
            switch (n) {
                case "x": System.out.println("x"); break;
                default: System.out.println("default");
            }
        } catch (NullPointerException e) {
            System.out.println("NPE on null switch");
        }
        int total = 0;
        String[] ops = {"add", "add", "mul", "sub", "noop", "add", "mul"};
        int acc = 1;
        for (String op : ops) {
            switch (op) {
                case "add" -> acc += 3;
                case "mul" -> acc *= 2;
                case "sub" -> acc -= 1;
                default -> total++;
            }
        }
        System.out.println("acc " + acc + " total " + total);
        StringBuilder sb = new StringBuilder();
        for (char c = 'a'; c <= 'e'; c++) {
            String key = String.valueOf(c) + c;
            sb.append(switch (key) {
                case "aa" -> "A";
                case "bb" -> "B";
                case "cc" -> "C";
                default -> "?";
            });
        }
        System.out.println(sb);
        String unicode = "é";
        switch (unicode) {
            case "e" -> System.out.println("plain e");
            case "é" -> System.out.println("e acute");
            default -> System.out.println("none");
        }
    }
}
