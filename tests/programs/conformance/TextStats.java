import java.util.*;
import java.util.stream.*;

public class TextStats {
    static final String TEXT = """
        It was the best of times, it was the worst of times, it was the age of wisdom,
        it was the age of foolishness, it was the epoch of belief, it was the epoch of
        incredulity, it was the season of Light, it was the season of Darkness, it was
        the spring of hope, it was the winter of despair, we had everything before us,
        we had nothing before us, we were all going direct to Heaven, we were all going
        direct the other way - in short, the period was so far like the present period,
        that some of its noisiest authorities insisted on its being received, for good
        or for evil, in the superlative degree of comparison only.
        """;

    public static void main(String[] args) {
        String[] words = TEXT.toLowerCase().split("[^a-z]+");
        List<String> ws = Arrays.stream(words).filter(w -> !w.isEmpty()).collect(Collectors.toList());
        System.out.println("words " + ws.size() + " distinct " + new TreeSet<>(ws).size() + " chars " + TEXT.length() + " lines " + TEXT.lines().count());
        Map<String, Integer> freq = new TreeMap<>();
        for (String w : ws) freq.merge(w, 1, Integer::sum);
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(freq.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        for (int i = 0; i < 15; i++) System.out.printf("%2d. %-10s %3d %s%n", i + 1, entries.get(i).getKey(), entries.get(i).getValue(), "*".repeat(entries.get(i).getValue()));
        Map<Integer, List<String>> byLength = ws.stream().distinct().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
        byLength.forEach((len, list) -> System.out.println(len + ": " + list.stream().sorted().collect(Collectors.joining(","))));
        Map<Character, Long> letters = TEXT.chars().filter(Character::isLetter).mapToObj(c -> Character.toLowerCase((char) c))
            .collect(Collectors.groupingBy(c -> c, TreeMap::new, Collectors.counting()));
        System.out.println(letters);
        String longest = ws.stream().max(Comparator.comparingInt(String::length).thenComparing(Comparator.reverseOrder())).get();
        System.out.println("longest " + longest + " avg length " + ws.stream().mapToInt(String::length).average().getAsDouble());
        Map<String, Integer> bigrams = new TreeMap<>();
        for (int i = 0; i + 1 < ws.size(); i++) bigrams.merge(ws.get(i) + " " + ws.get(i + 1), 1, Integer::sum);
        String topBigrams = bigrams.entrySet().stream().filter(e -> e.getValue() > 2)
            .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
        System.out.println("bigrams " + topBigrams);
        StringBuilder wrapped = new StringBuilder();
        int col = 0;
        for (String w : TEXT.replace('\n', ' ').trim().split(" +")) {
            if (col + w.length() + (col > 0 ? 1 : 0) > 40) {
                wrapped.append('\n');
                col = 0;
            }
            if (col > 0) { wrapped.append(' '); col++; }
            wrapped.append(w);
            col += w.length();
        }
        System.out.println(wrapped);
        String title = Arrays.stream("the tale of two cities".split(" ")).map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1)).collect(Collectors.joining(" "));
        System.out.println(title + " | " + new StringBuilder(title).reverse() + " | vowels " + title.chars().filter(c -> "aeiouAEIOU".indexOf(c) >= 0).count());
        Set<Character> pangramCheck = "the quick brown fox jumps over the lazy dog".chars().filter(Character::isLetter).mapToObj(c -> (char) c).collect(Collectors.toCollection(TreeSet::new));
        System.out.println("pangram " + (pangramCheck.size() == 26));
        List<String> anagramWords = List.of("listen", "silent", "enlist", "google", "gogole", "cat", "act", "tac", "dog");
        Map<String, List<String>> anagrams = anagramWords.stream().collect(Collectors.groupingBy(w -> {
            char[] cs = w.toCharArray();
            Arrays.sort(cs);
            return new String(cs);
        }, TreeMap::new, Collectors.toList()));
        System.out.println(anagrams);
    }
}
