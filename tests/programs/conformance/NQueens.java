import java.util.*;

public class NQueens {
    static int solutions;
    static int[] firstSolution;

    static void solve(int row, int n, int[] cols, boolean[] usedCol, boolean[] d1, boolean[] d2) {
        if (row == n) {
            if (solutions == 0) firstSolution = cols.clone();
            solutions++;
            return;
        }
        for (int c = 0; c < n; c++) {
            if (usedCol[c] || d1[row + c] || d2[row - c + n - 1]) continue;
            usedCol[c] = d1[row + c] = d2[row - c + n - 1] = true;
            cols[row] = c;
            solve(row + 1, n, cols, usedCol, d1, d2);
            usedCol[c] = d1[row + c] = d2[row - c + n - 1] = false;
        }
    }

    static int bitSolve(int n, int cols, int ld, int rd) {
        int all = (1 << n) - 1;
        if (cols == all) return 1;
        int count = 0;
        int avail = all & ~(cols | ld | rd);
        while (avail != 0) {
            int bit = avail & -avail;
            avail -= bit;
            count += bitSolve(n, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        }
        return count;
    }

    static boolean knightsTour(int[][] board, int r, int c, int move, int n) {
        board[r][c] = move;
        if (move == n * n) return true;
        int[] dr = {2, 1, -1, -2, -2, -1, 1, 2};
        int[] dc = {1, 2, 2, 1, -1, -2, -2, -1};
        Integer[] order = {0, 1, 2, 3, 4, 5, 6, 7};
        int[] degree = new int[8];
        for (int k = 0; k < 8; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nc < 0 || nr >= n || nc >= n || board[nr][nc] != 0) { degree[k] = 99; continue; }
            int d = 0;
            for (int j = 0; j < 8; j++) {
                int ar = nr + dr[j], ac = nc + dc[j];
                if (ar >= 0 && ac >= 0 && ar < n && ac < n && board[ar][ac] == 0) d++;
            }
            degree[k] = d;
        }
        Arrays.sort(order, Comparator.comparingInt(k -> degree[k]));
        for (int k : order) {
            if (degree[k] == 99) continue;
            if (knightsTour(board, r + dr[k], c + dc[k], move + 1, n)) return true;
        }
        board[r][c] = 0;
        return false;
    }

    public static void main(String[] args) {
        for (int n = 1; n <= 9; n++) {
            solutions = 0;
            firstSolution = null;
            solve(0, n, new int[n], new boolean[n], new boolean[2 * n], new boolean[2 * n]);
            System.out.println(n + "-queens: " + solutions + " solutions, bit " + bitSolve(n, 0, 0, 0) + ", first " + Arrays.toString(firstSolution));
        }
        solutions = 0;
        solve(0, 8, new int[8], new boolean[8], new boolean[16], new boolean[16]);
        for (int r = 0; r < 8; r++) {
            char[] line = new char[8];
            Arrays.fill(line, '.');
            line[firstSolution[r]] = 'Q';
            System.out.println(new String(line));
        }
        System.out.println("10-queens bit " + bitSolve(10, 0, 0, 0) + " 11-queens bit " + bitSolve(11, 0, 0, 0));
        int[][] board = new int[6][6];
        System.out.println("knights tour 6x6: " + knightsTour(board, 0, 0, 1, 6));
        for (int[] row : board) {
            StringBuilder sb = new StringBuilder();
            for (int v : row) sb.append(String.format("%3d", v));
            System.out.println(sb);
        }
    }
}
