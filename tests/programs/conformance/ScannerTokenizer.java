import java.util.*;

public class ScannerTokenizer {
    public static void main(String[] args) {
        String data = "42 3.5 true hello\n-17 0x1F word2 99999999999\nline three here\n";
        Scanner sc = new Scanner(data).useLocale(Locale.US);
        System.out.println(sc.nextInt() + " " + sc.nextDouble() + " " + sc.nextBoolean() + " " + sc.next());
        System.out.println(sc.hasNextInt() + " " + sc.nextInt() + " " + sc.hasNextInt() + " " + sc.next() + " " + sc.hasNextInt() + " " + sc.next() + " " + sc.hasNextInt() + " " + sc.hasNextLong() + " " + sc.nextLong());
        sc.nextLine();
        System.out.println("[" + sc.nextLine() + "] " + sc.hasNextLine() + " " + sc.hasNext());
        try {
            sc.next();
        } catch (NoSuchElementException e) {
            System.out.println("NSEE " + e.getMessage());
        }
        Scanner csv = new Scanner("a,b,,c;d").useDelimiter("[,;]");
        List<String> toks = new ArrayList<>();
        while (csv.hasNext()) toks.add(csv.next());
        System.out.println(toks);
        Scanner bad = new Scanner("notanumber 5");
        try {
            bad.nextInt();
        } catch (InputMismatchException e) {
            System.out.println("InputMismatch " + e.getMessage() + " then " + bad.next() + " " + bad.nextInt());
        }
        Scanner radix = new Scanner("ff 777 1010");
        System.out.println(radix.nextInt(16) + " " + radix.nextInt(8) + " " + radix.nextInt(2));
        Scanner lines = new Scanner("one\ntwo\r\nthree\n\nfive");
        int n = 0;
        while (lines.hasNextLine()) System.out.println(++n + ": [" + lines.nextLine() + "]");
        Scanner pat = new Scanner("key1=val1 key2=val2 junk key3=val3");
        while (pat.hasNext()) {
            if (pat.hasNext("\\w+=\\w+")) {
                String[] kv = pat.next().split("=");
                System.out.println("pair " + kv[0] + " -> " + kv[1]);
            } else System.out.println("skip " + pat.next());
        }
        System.out.println(new Scanner("find the 123 number").findInLine("\\d+"));
        StringTokenizer st = new StringTokenizer("the quick, brown fox;jumps", " ,;");
        System.out.println(st.countTokens());
        while (st.hasMoreTokens()) System.out.print(st.nextToken() + "|");
        System.out.println();
        StringTokenizer withDelims = new StringTokenizer("a+b-c", "+-", true);
        while (withDelims.hasMoreElements()) System.out.print("<" + withDelims.nextElement() + ">");
        System.out.println();
        StringTokenizer changing = new StringTokenizer("x:y z:w", ":");
        System.out.println(changing.nextToken() + " / " + changing.nextToken(" ") + " / " + changing.nextToken());
        Scanner sum = new Scanner("1 2 3 4 5 6 7 8 9 10 x 11");
        long total = 0;
        while (sum.hasNextInt()) total += sum.nextInt();
        System.out.println("sum until non-int " + total + " next " + sum.next());
        Scanner doubles = new Scanner("1,5 2.5").useLocale(Locale.GERMANY);
        System.out.println(doubles.hasNextDouble() + " " + doubles.nextDouble() + " " + doubles.hasNextDouble());
    }
}
