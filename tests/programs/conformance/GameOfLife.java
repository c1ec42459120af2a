import java.util.*;

public class GameOfLife {
    static boolean[][] step(boolean[][] g) {
        int h = g.length, w = g[0].length;
        boolean[][] n = new boolean[h][w];
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                int live = 0;
                for (int dr = -1; dr <= 1; dr++)
                    for (int dc = -1; dc <= 1; dc++) {
                        if (dr == 0 && dc == 0) continue;
                        int rr = (r + dr + h) % h, cc = (c + dc + w) % w;
                        if (g[rr][cc]) live++;
                    }
                n[r][c] = g[r][c] ? (live == 2 || live == 3) : live == 3;
            }
        }
        return n;
    }

    static String render(boolean[][] g) {
        StringBuilder sb = new StringBuilder();
        for (boolean[] row : g) {
            for (boolean b : row) sb.append(b ? '#' : '.');
            sb.append('\n');
        }
        return sb.toString();
    }

    static int population(boolean[][] g) {
        int p = 0;
        for (boolean[] row : g) for (boolean b : row) if (b) p++;
        return p;
    }

    public static void main(String[] args) {
        boolean[][] g = new boolean[12][20];
        int[][] glider = {{0, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}};
        for (int[] p : glider) g[p[0]][p[1]] = true;
        int[][] blinker = {{5, 10}, {5, 11}, {5, 12}};
        for (int[] p : blinker) g[p[0]][p[1]] = true;
        int[][] block = {{9, 15}, {9, 16}, {10, 15}, {10, 16}};
        for (int[] p : block) g[p[0]][p[1]] = true;
        for (int gen = 0; gen <= 8; gen++) {
            System.out.println("generation " + gen + " population " + population(g));
            if (gen % 4 == 0) System.out.print(render(g));
            g = step(g);
        }
        boolean[][] rnd = new boolean[40][40];
        Random r = new Random(8);
        for (boolean[] row : rnd) for (int c = 0; c < row.length; c++) row[c] = r.nextInt(3) == 0;
        Map<String, Integer> seen = new HashMap<>();
        int gen = 0;
        StringBuilder pops = new StringBuilder();
        while (gen < 300) {
            String key = render(rnd);
            if (seen.containsKey(key)) {
                System.out.println("cycle detected at generation " + gen + " repeating generation " + seen.get(key));
                break;
            }
            seen.put(key, gen);
            if (gen % 25 == 0) pops.append(population(rnd)).append(' ');
            rnd = step(rnd);
            gen++;
        }
        System.out.println("populations " + pops);
        System.out.println("final population " + population(rnd) + " after " + gen + " generations, hash " + render(rnd).hashCode());
        System.out.print(render(rnd).substring(0, 41 * 5));
    }
}
