import java.util.*;

public class SortingAlgorithms {
    static long comparisons;

    static void quickSort(int[] a, int lo, int hi) {
        if (lo >= hi) return;
        int p = a[(lo + hi) >>> 1], i = lo, j = hi;
        while (i <= j) {
            while (cmp(a[i], p) < 0) i++;
            while (cmp(a[j], p) > 0) j--;
            if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        quickSort(a, lo, j);
        quickSort(a, i, hi);
    }

    static int cmp(int x, int y) { comparisons++; return Integer.compare(x, y); }

    static void mergeSort(int[] a, int[] tmp, int lo, int hi) {
        if (hi - lo < 2) return;
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) tmp[k++] = cmp(a[i], a[j]) <= 0 ? a[i++] : a[j++];
        while (i < mid) tmp[k++] = a[i++];
        while (j < hi) tmp[k++] = a[j++];
        System.arraycopy(tmp, lo, a, lo, hi - lo);
    }

    static void heapSort(int[] a) {
        int n = a.length;
        for (int i = n / 2 - 1; i >= 0; i--) sift(a, i, n);
        for (int end = n - 1; end > 0; end--) {
            int t = a[0]; a[0] = a[end]; a[end] = t;
            sift(a, 0, end);
        }
    }

    static void sift(int[] a, int i, int n) {
        while (true) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < n && cmp(a[l], a[m]) > 0) m = l;
            if (r < n && cmp(a[r], a[m]) > 0) m = r;
            if (m == i) return;
            int t = a[i]; a[i] = a[m]; a[m] = t;
            i = m;
        }
    }

    static void insertionSort(int[] a) {
        for (int i = 1; i < a.length; i++) {
            int v = a[i], j = i - 1;
            while (j >= 0 && cmp(a[j], v) > 0) { a[j + 1] = a[j]; j--; }
            a[j + 1] = v;
        }
    }

    static void countingSort(int[] a, int max) {
        int[] counts = new int[max + 1];
        for (int v : a) counts[v]++;
        int k = 0;
        for (int v = 0; v <= max; v++) while (counts[v]-- > 0) a[k++] = v;
    }

    static void radixSort(int[] a) {
        int[] out = new int[a.length];
        for (int shift = 0; shift < 32; shift += 8) {
            int[] count = new int[257];
            for (int v : a) count[((v >>> shift) & 0xff) + 1]++;
            for (int i = 0; i < 256; i++) count[i + 1] += count[i];
            for (int v : a) out[count[(v >>> shift) & 0xff]++] = v;
            System.arraycopy(out, 0, a, 0, a.length);
        }
    }

    static long checksum(int[] a) {
        long h = 17;
        for (int v : a) h = h * 31 + v;
        return h;
    }

    public static void main(String[] args) {
        Random r = new Random(1234);
        int n = 20000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) data[i] = r.nextInt(1_000_000);
        int[] expected = data.clone();
        Arrays.sort(expected);
        System.out.println("expected checksum " + checksum(expected) + " min " + expected[0] + " max " + expected[n - 1]);
        int[] a = data.clone();
        comparisons = 0;
        quickSort(a, 0, n - 1);
        System.out.println("quick ok " + Arrays.equals(a, expected) + " comparisons " + comparisons);
        a = data.clone();
        comparisons = 0;
        mergeSort(a, new int[n], 0, n);
        System.out.println("merge ok " + Arrays.equals(a, expected) + " comparisons " + comparisons);
        a = data.clone();
        comparisons = 0;
        heapSort(a);
        System.out.println("heap ok " + Arrays.equals(a, expected) + " comparisons " + comparisons);
        a = Arrays.copyOf(data, 2000);
        int[] exp2 = a.clone();
        Arrays.sort(exp2);
        comparisons = 0;
        insertionSort(a);
        System.out.println("insertion ok " + Arrays.equals(a, exp2) + " comparisons " + comparisons);
        a = data.clone();
        countingSort(a, 999_999);
        System.out.println("counting ok " + Arrays.equals(a, expected));
        a = data.clone();
        radixSort(a);
        System.out.println("radix ok " + Arrays.equals(a, expected));
        int[] negatives = {5, -3, 0, -100, Integer.MIN_VALUE, Integer.MAX_VALUE, 7};
        int[] neg2 = negatives.clone();
        quickSort(neg2, 0, neg2.length - 1);
        System.out.println(Arrays.toString(neg2));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 50; i++) names.add(Integer.toString(r.nextInt(1000), 36));
        List<String> copy = new ArrayList<>(names);
        Collections.sort(copy);
        System.out.println(copy.subList(0, 10) + " ... " + copy.get(49));
        int[] dupes = new int[1000];
        for (int i = 0; i < dupes.length; i++) dupes[i] = r.nextInt(5);
        int[] dcopy = dupes.clone();
        quickSort(dcopy, 0, dcopy.length - 1);
        int[] hist = new int[5];
        for (int v : dcopy) hist[v]++;
        System.out.println("dupes hist " + Arrays.toString(hist) + " sorted " + Arrays.equals(dcopy, Arrays.stream(dupes).sorted().toArray()));
        int[] kth = data.clone();
        System.out.println("median " + expected[n / 2] + " p90 " + expected[n * 9 / 10] + " p99 " + expected[n * 99 / 100]);
        System.out.println("binary search found " + Arrays.binarySearch(expected, expected[1234]) + " value " + expected[1234] + " " + kth.length);
    }
}
