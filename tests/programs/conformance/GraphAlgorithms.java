import java.util.*;

public class GraphAlgorithms {
    record Edge(int to, int w) {}

    static Map<Integer, List<Edge>> randomGraph(int n, int m, long seed) {
        Map<Integer, List<Edge>> g = new TreeMap<>();
        for (int i = 0; i < n; i++) g.put(i, new ArrayList<>());
        Random r = new Random(seed);
        for (int i = 1; i < n; i++) {
            int j = r.nextInt(i);
            int w = 1 + r.nextInt(20);
            g.get(i).add(new Edge(j, w));
            g.get(j).add(new Edge(i, w));
        }
        for (int k = 0; k < m; k++) {
            int a = r.nextInt(n), b = r.nextInt(n), w = 1 + r.nextInt(50);
            if (a == b) continue;
            g.get(a).add(new Edge(b, w));
            g.get(b).add(new Edge(a, w));
        }
        return g;
    }

    static long[] dijkstra(Map<Integer, List<Edge>> g, int src, int[] prev) {
        long[] dist = new long[g.size()];
        Arrays.fill(dist, Long.MAX_VALUE);
        Arrays.fill(prev, -1);
        dist[src] = 0;
        PriorityQueue<long[]> pq = new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        pq.add(new long[]{0, src});
        while (!pq.isEmpty()) {
            long[] cur = pq.poll();
            int u = (int) cur[1];
            if (cur[0] > dist[u]) continue;
            for (Edge e : g.get(u)) {
                long nd = dist[u] + e.w();
                if (nd < dist[e.to()] || (nd == dist[e.to()] && u < prev[e.to()])) {
                    dist[e.to()] = nd;
                    prev[e.to()] = u;
                    pq.add(new long[]{nd, e.to()});
                }
            }
        }
        return dist;
    }

    static List<Integer> bfsOrder(Map<Integer, List<Edge>> g, int src) {
        List<Integer> order = new ArrayList<>();
        boolean[] seen = new boolean[g.size()];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(src);
        seen[src] = true;
        while (!q.isEmpty()) {
            int u = q.poll();
            order.add(u);
            List<Integer> nbrs = new ArrayList<>();
            for (Edge e : g.get(u)) nbrs.add(e.to());
            Collections.sort(nbrs);
            for (int v : nbrs) if (!seen[v]) { seen[v] = true; q.add(v); }
        }
        return order;
    }

    static List<String> topoSort(Map<String, List<String>> deps) {
        Map<String, Integer> indeg = new TreeMap<>();
        for (String k : deps.keySet()) indeg.putIfAbsent(k, 0);
        for (List<String> vs : deps.values()) for (String v : vs) indeg.merge(v, 1, Integer::sum);
        PriorityQueue<String> ready = new PriorityQueue<>();
        indeg.forEach((k, d) -> { if (d == 0) ready.add(k); });
        List<String> out = new ArrayList<>();
        while (!ready.isEmpty()) {
            String u = ready.poll();
            out.add(u);
            for (String v : deps.getOrDefault(u, List.of())) if (indeg.merge(v, -1, Integer::sum) == 0) ready.add(v);
        }
        if (out.size() != indeg.size()) throw new IllegalStateException("cycle detected among " + (indeg.size() - out.size()) + " nodes");
        return out;
    }

    static long mstKruskal(int n, List<int[]> edges) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        edges.sort(Comparator.<int[]>comparingInt(e -> e[2]).thenComparingInt(e -> e[0]).thenComparingInt(e -> e[1]));
        long total = 0;
        int used = 0;
        for (int[] e : edges) {
            int a = find(parent, e[0]), b = find(parent, e[1]);
            if (a != b) { parent[a] = b; total += e[2]; used++; }
        }
        return used == n - 1 ? total : -1;
    }

    static int find(int[] p, int x) {
        while (p[x] != x) { p[x] = p[p[x]]; x = p[x]; }
        return x;
    }

    public static void main(String[] args) {
        Map<Integer, List<Edge>> g = randomGraph(200, 400, 77);
        int[] prev = new int[200];
        long[] dist = dijkstra(g, 0, prev);
        long sum = 0, max = 0;
        for (long d : dist) { sum += d; max = Math.max(max, d); }
        System.out.println("dijkstra sum " + sum + " max " + max);
        for (int target : new int[]{1, 50, 100, 199}) {
            List<Integer> path = new ArrayList<>();
            for (int v = target; v != -1; v = prev[v]) path.add(v);
            Collections.reverse(path);
            System.out.println("path to " + target + " (" + dist[target] + "): " + path);
        }
        List<Integer> bfs = bfsOrder(g, 0);
        System.out.println("bfs first 30: " + bfs.subList(0, 30) + " total " + bfs.size());
        Map<String, List<String>> deps = new TreeMap<>();
        deps.put("app", List.of("lib", "log", "util"));
        deps.put("lib", List.of("util", "core"));
        deps.put("log", List.of("core"));
        deps.put("util", List.of("core"));
        deps.put("test", List.of("app", "lib"));
        System.out.println("topo " + topoSort(deps));
        deps.put("core", List.of("app"));
        try {
            topoSort(deps);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        List<int[]> edges = new ArrayList<>();
        for (Map.Entry<Integer, List<Edge>> en : g.entrySet()) for (Edge e : en.getValue()) if (en.getKey() < e.to()) edges.add(new int[]{en.getKey(), e.to(), e.w()});
        System.out.println("edges " + edges.size() + " mst " + mstKruskal(200, edges));
        int n = 60;
        long[][] fw = new long[n][n];
        for (long[] row : fw) Arrays.fill(row, Long.MAX_VALUE / 4);
        for (int i = 0; i < n; i++) fw[i][i] = 0;
        for (int i = 0; i < n; i++) for (Edge e : g.get(i)) if (e.to() < n) fw[i][e.to()] = Math.min(fw[i][e.to()], e.w());
        for (int k = 0; k < n; k++) for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (fw[i][k] + fw[k][j] < fw[i][j]) fw[i][j] = fw[i][k] + fw[k][j];
        long reachable = 0, fwSum = 0;
        for (long[] row : fw) for (long v : row) if (v < Long.MAX_VALUE / 4) { reachable++; fwSum += v; }
        System.out.println("floyd reachable pairs " + reachable + " sum " + fwSum);
    }
}
