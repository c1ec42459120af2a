import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.stream.*;

public class InMemoryIO {
    public static void main(String[] args) throws IOException {
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            pw.println("line one");
            pw.printf("%d + %d = %d%n", 2, 3, 5);
            pw.print('c');
            pw.print(1.5);
            pw.println();
            pw.write("written", 0, 4);
        }
        System.out.println("[" + sw + "]");
        BufferedReader br = new BufferedReader(new StringReader("alpha\nbeta\r\ngamma\rdelta"));
        String line;
        int n = 0;
        while ((line = br.readLine()) != null) System.out.println(++n + " " + line);
        System.out.println(new BufferedReader(new StringReader("x\ny\nz")).lines().collect(Collectors.joining("+")));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bos, true, StandardCharsets.UTF_8);
        ps.println("ünïcödé");
        ps.print(42);
        ps.printf("|%5.1f|", 2.25);
        ps.flush();
        byte[] bytes = bos.toByteArray();
        System.out.println(bytes.length + " " + bos.toString(StandardCharsets.UTF_8).replace("\n", "\\n"));
        Reader r = new InputStreamReader(new ByteArrayInputStream("héllo wörld 😀".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder();
        int ch;
        while ((ch = r.read()) != -1) sb.append((char) ch);
        System.out.println(sb + " " + sb.length());
        InputStream in = new ByteArrayInputStream(new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        byte[] buf = new byte[4];
        int read;
        while ((read = in.read(buf)) > 0) System.out.println("read " + read + " " + Arrays.toString(Arrays.copyOf(buf, read)));
        InputStream in2 = new ByteArrayInputStream("0123456789".getBytes(StandardCharsets.US_ASCII));
        System.out.println(in2.skip(3) + " " + (char) in2.read() + " " + in2.available() + " " + in2.markSupported());
        in2.mark(100);
        System.out.println(new String(in2.readNBytes(3), StandardCharsets.US_ASCII));
        in2.reset();
        System.out.println(new String(in2.readAllBytes(), StandardCharsets.US_ASCII));
        PushbackReader pr = new PushbackReader(new StringReader("abc"));
        int first = pr.read();
        pr.unread(first);
        System.out.println((char) pr.read() + "" + (char) pr.read());
        CharArrayWriter caw = new CharArrayWriter();
        caw.write("chars");
        caw.append('!').append("?", 0, 1);
        System.out.println(caw.toString() + " " + caw.size());
        LineNumberReader lnr = new LineNumberReader(new StringReader("a\nb\nc\n"));
        while (lnr.readLine() != null) {}
        System.out.println("lines " + lnr.getLineNumber());
        SequenceInputStream seq = new SequenceInputStream(new ByteArrayInputStream("ab".getBytes()), new ByteArrayInputStream("cd".getBytes()));
        System.out.println(new String(seq.readAllBytes()));
        ByteArrayOutputStream copyTarget = new ByteArrayOutputStream();
        long copied = new ByteArrayInputStream(new byte[10000]).transferTo(copyTarget);
        System.out.println("transferred " + copied + " " + copyTarget.size());
        StreamTokenizer st = new StreamTokenizer(new StringReader("x = 3.5 + y * 42 // comment\n'str' end"));
        st.slashSlashComments(true);
        List<String> toks = new ArrayList<>();
        while (st.nextToken() != StreamTokenizer.TT_EOF) {
            switch (st.ttype) {
                case StreamTokenizer.TT_NUMBER -> toks.add("N:" + st.nval);
                case StreamTokenizer.TT_WORD -> toks.add("W:" + st.sval);
                case '\'' -> toks.add("S:" + st.sval);
                default -> toks.add("C:" + (char) st.ttype);
            }
        }
        System.out.println(toks);
        System.out.println("line.separator=" + System.lineSeparator().replace("\n", "\\n") + " file.separator=" + System.getProperty("file.separator") + " path.separator=" + System.getProperty("path.separator"));
        System.out.println(System.getProperty("no.such.property") + " " + System.getProperty("no.such.property", "default") + " " + System.getenv("JVMC_SURELY_UNSET_VARIABLE"));
        System.out.print("print without newline, then ");
        System.out.println("println");
        System.out.write('W');
        System.out.write('\n');
        System.out.write("bytes via write\n".getBytes(StandardCharsets.UTF_8), 0, 16);
        System.out.append("appended").append('\n');
        System.out.printf("%s %d%n", "printf", 7);
        System.out.format("%05.1f%n", 3.14159);
        System.out.println((Object) null);
        System.out.println((String) null);
        System.out.println(new char[]{'c', 'h', 'a', 'r', 's'});
        System.out.println(1L + 1);
        System.out.println('x');
        System.out.println(1.0f);
        System.out.println(true);
        System.out.flush();
        System.err.println("this goes to stderr and is not compared");
    }
}
