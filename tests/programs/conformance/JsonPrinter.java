import java.util.*;

public class JsonPrinter {
    static String pretty(Object v, int indent) {
        StringBuilder sb = new StringBuilder();
        write(v, indent, 0, sb);
        return sb.toString();
    }

    static void write(Object v, int indent, int level, StringBuilder sb) {
        String pad = " ".repeat(indent * (level + 1));
        String closePad = " ".repeat(indent * level);
        if (v == null) sb.append("null");
        else if (v instanceof String s) quote(s, sb);
        else if (v instanceof Number || v instanceof Boolean) sb.append(v);
        else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) { sb.append("{}"); return; }
            sb.append("{\n");
            Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                sb.append(pad);
                quote(String.valueOf(e.getKey()), sb);
                sb.append(": ");
                write(e.getValue(), indent, level + 1, sb);
                if (it.hasNext()) sb.append(',');
                sb.append('\n');
            }
            sb.append(closePad).append('}');
        } else if (v instanceof List<?> l) {
            if (l.isEmpty()) { sb.append("[]"); return; }
            sb.append("[\n");
            for (int i = 0; i < l.size(); i++) {
                sb.append(pad);
                write(l.get(i), indent, level + 1, sb);
                if (i < l.size() - 1) sb.append(',');
                sb.append('\n');
            }
            sb.append(closePad).append(']');
        } else throw new IllegalArgumentException("unsupported type " + v.getClass().getName());
    }

    static void quote(String s, StringBuilder sb) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }

    static class Parser {
        final String s;
        int pos;
        Parser(String s) { this.s = s; }
        void ws() { while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++; }
        char peek() { ws(); if (pos >= s.length()) throw error("unexpected end"); return s.charAt(pos); }
        RuntimeException error(String msg) { return new IllegalStateException(msg + " at " + pos); }
        void expect(char c) { if (peek() != c) throw error("expected '" + c + "' got '" + s.charAt(pos) + "'"); pos++; }
        Object value() {
            char c = peek();
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", pos)) { pos += 4; return true; }
            if (s.startsWith("false", pos)) { pos += 5; return false; }
            if (s.startsWith("null", pos)) { pos += 4; return null; }
            return number();
        }
        Map<String, Object> object() {
            expect('{');
            Map<String, Object> m = new LinkedHashMap<>();
            if (peek() == '}') { pos++; return m; }
            while (true) {
                String k = string();
                expect(':');
                m.put(k, value());
                if (peek() == ',') { pos++; continue; }
                expect('}');
                return m;
            }
        }
        List<Object> array() {
            expect('[');
            List<Object> l = new ArrayList<>();
            if (peek() == ']') { pos++; return l; }
            while (true) {
                l.add(value());
                if (peek() == ',') { pos++; continue; }
                expect(']');
                return l;
            }
        }
        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = s.charAt(pos++);
                if (c == '"') return sb.toString();
                if (c == '\\') {
                    char e = s.charAt(pos++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'u' -> { sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16)); pos += 4; }
                        default -> sb.append(e);
                    }
                } else sb.append(c);
            }
        }
        Number number() {
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) pos++;
            String t = s.substring(start, pos);
            if (t.isEmpty()) throw error("bad value");
            if (t.contains(".") || t.contains("e") || t.contains("E")) return Double.parseDouble(t);
            long l = Long.parseLong(t);
            return (l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) ? (Number) (int) l : (Number) l;
        }
    }

    public static void main(String[] args) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", "jvmc \"model checker\"");
        doc.put("version", 1);
        doc.put("ratio", 0.75);
        doc.put("big", 12345678901234L);
        doc.put("enabled", true);
        doc.put("nothing", null);
        doc.put("tags", List.of("java", "rust", "tab\there", "ünïcödé", "emoji 😀"));
        Map<String, Object> nested = new TreeMap<>();
        nested.put("z", List.of());
        nested.put("a", Map.of());
        nested.put("m", List.of(1, List.of(2, List.of(3, Map.of("deep", "yes")))));
        doc.put("nested", nested);
        doc.put("matrix", List.of(List.of(1, 0), List.of(0, 1)));
        String out = pretty(doc, 2);
        System.out.println(out);
        Object parsed = new Parser(out).value();
        String again = pretty(parsed, 4);
        System.out.println(again);
        System.out.println("roundtrip equal: " + pretty(parsed, 2).equals(out) + " parsed equals doc: " + parsed.equals(doc));
        String compact = "{\"a\":[1,2,{\"b\":null}],\"c\":\"d\\ne\",\"f\":-1.5e3,\"g\":[],\"h\":{}}";
        Object p2 = new Parser(compact).value();
        System.out.println(p2);
        System.out.println(pretty(p2, 1));
        for (String bad : new String[]{"{\"a\" 1}", "[1,2", "{\"x\":tru}", ""}) {
            try {
                new Parser(bad).value();
                System.out.println("parsed?! " + bad);
            } catch (RuntimeException e) {
                System.out.println("error for [" + bad + "]: " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
        }
        try {
            pretty(Map.of("x", new Object[0]), 2);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
