import java.util.*;

public class CloneAndEquality {
    static class Point implements Cloneable {
        int x, y;
        int[] history = new int[2];
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public Point clone() {
            try {
                return (Point) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
        Point deepClone() {
            Point p = clone();
            p.history = history.clone();
            return p;
        }
        @Override public boolean equals(Object o) {
            if (this == o) return true;
            if (!(o instanceof Point)) return false;
            Point p = (Point) o;
            return x == p.x && y == p.y;
        }
        @Override public int hashCode() { return 31 * x + y; }
        @Override public String toString() { return "P(" + x + "," + y + ",h=" + Arrays.toString(history) + ")"; }
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    static class ColorPoint extends Point {
        String color;
        ColorPoint(int x, int y, String c) { super(x, y); color = c; }
        @Override public String toString() { return color + super.toString(); }
    }

    public static void main(String[] args) throws Exception {
        Point p = new Point(1, 2);
        p.history[0] = 5;
        Point shallow = p.clone();
        Point deep = p.deepClone();
        p.history[1] = 9;
        p.x = 100;
        System.out.println(p + " " + shallow + " " + deep);
        System.out.println((shallow != p) + " " + (shallow.getClass() == Point.class) + " " + (shallow.history == p.history) + " " + (deep.history == p.history));
        ColorPoint cp = new ColorPoint(3, 4, "red");
        Point cpc = cp.clone();
        System.out.println(cpc + " " + cpc.getClass().getSimpleName() + " " + (cpc instanceof ColorPoint));
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("CloneNotSupportedException: " + e.getMessage());
        }
        int[] arr = {1, 2, 3};
        int[] arrClone = arr.clone();
        arrClone[0] = 99;
        System.out.println(Arrays.toString(arr) + " " + Arrays.toString(arrClone));
        Point[] pts = {new Point(1, 1), new Point(2, 2)};
        Point[] ptsClone = pts.clone();
        ptsClone[0].x = 50;
        ptsClone[1] = new Point(7, 7);
        System.out.println(Arrays.toString(pts) + " " + Arrays.toString(ptsClone));
        ArrayList<Integer> al = new ArrayList<>(List.of(1, 2, 3));
        @SuppressWarnings("unchecked")
        ArrayList<Integer> alc = (ArrayList<Integer>) al.clone();
        alc.add(4);
        System.out.println(al + " " + alc);
        HashMap<String, Integer> hm = new HashMap<>(Map.of("a", 1));
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> hmc = (HashMap<String, Integer>) hm.clone();
        hmc.put("b", 2);
        System.out.println(hm + " " + new TreeMap<>(hmc));
        Set<Point> set = new HashSet<>();
        set.add(new Point(1, 2));
        set.add(new Point(1, 2));
        set.add(new ColorPoint(1, 2, "blue"));
        System.out.println("set size " + set.size() + " contains " + set.contains(new Point(1, 2)));
        Point a = new Point(5, 6), b = new Point(5, 6);
        System.out.println(a.equals(b) + " " + (a == b) + " " + (a.hashCode() == b.hashCode()) + " " + a.equals(null) + " " + a.equals("P"));
        String s1 = "abc", s2 = new String("abc");
        System.out.println(s1.equals(s2) + " " + (s1 == s2) + " " + s1.contentEquals(new StringBuilder("abc")));
        StringBuilder sb1 = new StringBuilder("x"), sb2 = new StringBuilder("x");
        System.out.println("StringBuilder equals " + sb1.equals(sb2) + " compareTo " + sb1.compareTo(sb2));
        List<Integer> l1 = new ArrayList<>(List.of(1, 2)), l2 = new LinkedList<>(List.of(1, 2));
        System.out.println("ArrayList equals LinkedList " + l1.equals(l2) + " hash " + (l1.hashCode() == l2.hashCode()));
        Set<Integer> hs = new HashSet<>(List.of(1, 2)), ts = new TreeSet<>(List.of(2, 1));
        System.out.println("HashSet equals TreeSet " + hs.equals(ts));
        Map<String, Integer> m1 = new HashMap<>(Map.of("k", 1)), m2 = new TreeMap<>(Map.of("k", 1));
        System.out.println("HashMap equals TreeMap " + m1.equals(m2));
        System.out.println("List equals Set " + l1.equals(hs));
        Object o1 = new Object();
        Object o2 = new Object();
        System.out.println("Object equals " + o1.equals(o2) + " " + o1.equals(o1));
        System.out.println("arrays equals " + new int[]{1}.equals(new int[]{1}) + " " + Arrays.equals(new int[]{1}, new int[]{1}));
        Integer[] ia = {1, 2};
        Object[] oa = ia.clone();
        System.out.println(oa.getClass().getSimpleName() + " " + (oa instanceof Integer[]));
        int[][] grid = {{1}, {2}};
        int[][] gridClone = grid.clone();
        gridClone[0][0] = 42;
        System.out.println(grid[0][0] + " " + (grid[0] == gridClone[0]));
    }
}
