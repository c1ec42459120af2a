import java.util.*;

public class ArraysMulti {
    public static void main(String[] args) {
        int[][] grid = new int[3][4];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) grid[i][j] = i * 10 + j;
        System.out.println(Arrays.deepToString(grid));
        int[][] jagged = new int[4][];
        for (int i = 0; i < jagged.length; i++) {
            jagged[i] = new int[i + 1];
            for (int j = 0; j <= i; j++) jagged[i][j] = (i == 0 || j == 0 || j == i) ? 1 : jagged[i - 1][j - 1] + jagged[i - 1][j];
        }
        System.out.println(Arrays.deepToString(jagged));
        int[][][] cube = new int[2][3][];
        System.out.println(Arrays.deepToString(cube) + " " + cube[1].length + " " + (cube[1][2] == null));
        cube[0][1] = new int[]{7, 8};
        System.out.println(Arrays.deepToString(cube));
        long[][] longs = new long[2][2];
        double[][] doubles = new double[2][3];
        boolean[][] bools = new boolean[1][2];
        char[][] chars = new char[2][2];
        String[][] strs = new String[2][2];
        float[] fl = new float[2];
        byte[] by = new byte[2];
        short[] sh = new short[2];
        System.out.println(Arrays.deepToString(longs) + Arrays.deepToString(doubles) + Arrays.deepToString(bools) + Arrays.deepToString(strs) + Arrays.toString(fl) + Arrays.toString(by) + Arrays.toString(sh));
        System.out.println((int) chars[1][1] + " " + (chars[0][0] == '\u0000'));
        int[][] copy = grid.clone();
        copy[0][0] = 999;
        copy[1] = new int[]{-1};
        System.out.println("shallow clone: " + Arrays.deepToString(grid) + " vs " + Arrays.deepToString(copy));
        int[][] deep = new int[grid.length][];
        for (int i = 0; i < grid.length; i++) deep[i] = grid[i].clone();
        deep[2][3] = -7;
        System.out.println("deep copy: " + grid[2][3] + " vs " + deep[2][3] + " equals " + Arrays.deepEquals(grid, deep) + " " + Arrays.equals(grid[0], deep[0]));
        Object[] mixed = {1, "two", new int[]{3}, new String[]{"four", null}, null, new Object[]{new double[]{5.5}}};
        System.out.println(Arrays.deepToString(mixed));
        Object[] self = new Object[2];
        self[0] = self;
        self[1] = "x";
        System.out.println(Arrays.deepToString(self));
        int[][] m1 = {{1, 2}, {3, 4}};
        int[][] m2 = {{1, 2}, {3, 4}};
        System.out.println(Arrays.equals(m1, m2) + " " + Arrays.deepEquals(m1, m2) + " " + (Arrays.deepHashCode(m1) == Arrays.deepHashCode(m2)) + " " + Arrays.deepHashCode(m1));
        System.out.println(grid.getClass().getName() + " " + cube.getClass().getName() + " " + strs.getClass().getName() + " " + grid.getClass().getSimpleName()
            + " " + grid.getClass().getComponentType().getName() + " " + strs.getClass().getComponentType().getComponentType().getName());
        Object o = grid;
        System.out.println((o instanceof int[][]) + " " + (o instanceof Object[]) + " " + (o instanceof Cloneable) + " " + (o instanceof java.io.Serializable) + " " + (grid[0] instanceof Object));
        int[][] transposed = new int[4][3];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) transposed[j][i] = grid[i][j];
        System.out.println(Arrays.deepToString(transposed));
        char[][] board = new char[5][5];
        for (char[] row : board) Arrays.fill(row, '.');
        for (int i = 0; i < 5; i++) { board[i][i] = '\\'; board[i][4 - i] = '/'; }
        board[2][2] = 'X';
        for (char[] row : board) System.out.println(new String(row));
        int[][] spiral = new int[5][5];
        int top = 0, bot = 4, left = 0, right = 4, v = 1;
        while (top <= bot && left <= right) {
            for (int j = left; j <= right; j++) spiral[top][j] = v++;
            top++;
            for (int i = top; i <= bot; i++) spiral[i][right] = v++;
            right--;
            for (int j = right; j >= left && top <= bot; j--) spiral[bot][j] = v++;
            bot--;
            for (int i = bot; i >= top && left <= right; i--) spiral[i][left] = v++;
            left++;
        }
        for (int[] row : spiral) {
            StringBuilder sb = new StringBuilder();
            for (int x : row) sb.append(String.format("%3d", x));
            System.out.println(sb);
        }
        int[][][] big = new int[10][20][30];
        long sum = 0;
        for (int i = 0; i < 10; i++) for (int j = 0; j < 20; j++) for (int k = 0; k < 30; k++) { big[i][j][k] = i ^ j ^ k; sum += big[i][j][k]; }
        System.out.println("sum " + sum);
        Integer[][] boxed = new Integer[2][2];
        System.out.println(Arrays.deepToString(boxed));
        int[] empty = {};
        int[][] emptyRows = new int[3][0];
        System.out.println(empty.length + " " + Arrays.deepToString(emptyRows) + " " + new int[0][5].length);
        Object arrObj = new long[]{1, 2};
        long[] back = (long[]) arrObj;
        System.out.println(back[1] + " " + java.lang.reflect.Array.getLength(arrObj) + " " + java.lang.reflect.Array.get(arrObj, 0));
        int[] created = (int[]) java.lang.reflect.Array.newInstance(int.class, 3);
        String[][] created2 = (String[][]) java.lang.reflect.Array.newInstance(String.class, 2, 2);
        System.out.println(created.length + " " + Arrays.deepToString(created2));
    }
}
