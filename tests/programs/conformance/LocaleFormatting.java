import java.text.*;
import java.util.*;

public class LocaleFormatting {
    static String esc(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        Locale[] locales = {Locale.US, Locale.UK, Locale.GERMANY, Locale.FRANCE, Locale.ITALY, Locale.JAPAN, new Locale("es", "ES"), new Locale("de", "CH"), new Locale("hi", "IN"), Locale.ROOT};
        double v = 1234567.891;
        for (Locale l : locales) {
            NumberFormat nf = NumberFormat.getInstance(l);
            NumberFormat pf = NumberFormat.getPercentInstance(l);
            DecimalFormatSymbols sym = DecimalFormatSymbols.getInstance(l);
            System.out.println(l + " | " + esc(nf.format(v)) + " | " + esc(nf.format(-0.5)) + " | " + esc(pf.format(0.256)) + " | " + esc(String.format(l, "%,.2f %,d %e", v, 9876543, v))
                + " | dec=" + esc(String.valueOf(sym.getDecimalSeparator())) + " grp=" + esc(String.valueOf(sym.getGroupingSeparator())) + " minus=" + esc(String.valueOf(sym.getMinusSign())));
        }
        System.out.println(esc("TITLE".toLowerCase(new Locale("tr"))) + " " + esc("title".toUpperCase(new Locale("tr"))) + " " + "TITLE".toLowerCase(Locale.ROOT) + " " + "title".toUpperCase(Locale.ENGLISH));
        System.out.println(Locale.GERMANY.getDisplayName(Locale.US) + " | " + Locale.JAPAN.getDisplayLanguage(Locale.US) + " | " + Locale.FRANCE.getCountry() + " | " + Locale.forLanguageTag("pt-BR") + " | " + Locale.CHINA.toLanguageTag());
        Collator col = Collator.getInstance(Locale.US);
        List<String> words = new ArrayList<>(List.of("peach", "Péché", "péché", "pêche", "apple", "Apple", "zebra", "Zebra", "éclair"));
        words.sort(col);
        System.out.println("collated " + esc(words.toString()));
        Collections.sort(words);
        System.out.println("natural  " + esc(words.toString()));
        Collator primary = Collator.getInstance(Locale.US);
        primary.setStrength(Collator.PRIMARY);
        System.out.println(primary.compare("peche", "Pêché") + " " + col.compare("a", "B") + " " + "a".compareTo("B"));
        System.out.println(esc(String.format(Locale.GERMANY, "%.3f|%10.2e|%,d", Math.PI, 12345.678, -1234567)));
        System.out.println(esc(String.format(Locale.FRANCE, "%,.2f", 1234567.891)));
        BreakIterator bi = BreakIterator.getWordInstance(Locale.US);
        String text = "Hello, world! It's 3.14 o'clock.";
        bi.setText(text);
        List<String> wordsFound = new ArrayList<>();
        int start = bi.first();
        for (int end = bi.next(); end != BreakIterator.DONE; start = end, end = bi.next()) {
            String w = text.substring(start, end);
            if (Character.isLetterOrDigit(w.charAt(0))) wordsFound.add(w);
        }
        System.out.println(wordsFound);
        System.out.println(Currency.getInstance("EUR").getSymbol(Locale.GERMANY) + " " + Currency.getInstance(Locale.JAPAN).getCurrencyCode() + " " + Currency.getInstance("USD").getDefaultFractionDigits());
    }
}
