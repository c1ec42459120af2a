public class TextBlocks {
    public static void main(String[] args) {
        String json = """
            {
              "name": "jvmc",
              "version": 1,
              "tags": ["a", "b"]
            }
            """;
        System.out.print(json);
        System.out.println("length " + json.length() + " lines " + json.lines().count());
        String noTrailing = """
            one
            two""";
        System.out.println("[" + noTrailing + "]");
        String indented = """
                deeper
              shallow
            base
            """;
        System.out.print(indented);
        String escapes = """
            tab:\there
            quote: "single" and \"""triple\"""
            backslash: \\
            unicode: \u00e9
            octal: \101
            """;
        System.out.print(escapes);
        String cont = """
            this is a long \
            line joined\
             together
            """;
        System.out.print(cont);
        String spaces = """
            trailing kept:\s
            trailing stripped:   
            end\s\s
            """;
        for (String line : spaces.split("\n")) System.out.println("[" + line + "] " + line.length());
        String closingLeft = """
                x
                  y
        """;
        System.out.print(closingLeft.replace(' ', '.'));
        String formatted = """
            Name: %s
            Age:  %d
            """.formatted("Ada", 36);
        System.out.print(formatted);
        String html = """
            <html>
                <body>
                    <p>Hello, "world"</p>
                </body>
            </html>""";
        System.out.println(html);
        System.out.println(html.stripIndent().equals(html) + " " + " a\n  b".stripIndent().replace(' ', '.') + " " + "x\\ty\\n".translateEscapes());
        String empty = """
            """;
        System.out.println("empty=[" + empty + "] " + empty.isEmpty());
        String sql = """
            SELECT *
              FROM t
             WHERE x = 1
            """;
        sql.lines().map(l -> l.length() + ":" + l).forEach(System.out::println);
        String crlf = "a\r\nb\rc\nd";
        crlf.lines().forEach(l -> System.out.println("line " + l));
    }
}
