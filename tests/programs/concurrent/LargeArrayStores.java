// jvmc-check: verdict=ok
// outcome: 0 0 sum 551
// outcome: 0 -1 sum 551
// outcome: 1 0 sum 551
// outcome: 1 -1 sum 551
// Stores into primitive arrays of at least 64 elements are journaled element by
// element and fingerprinted by a sum of element hashes kept up to date on each store
// (heap/mod.rs). Every primitive type is stored into; an element is set and reset
// (the state after the reset must match the one before the set); System.arraycopy
// and Arrays.fill change large arrays the other way (whole-array copy, sum computed
// again) between element stores. The suite runs it with --exact-states, which fails
// if equal states get different fingerprints or different states the same one.
import java.util.Arrays;

public class LargeArrayStores {
    static final int N = 100;
    static final int[] ints = new int[N];
    static final long[] longs = new long[N];
    static final double[] doubles = new double[N];
    static final float[] floats = new float[N];
    static final byte[] bytes = new byte[N];
    static final char[] chars = new char[N];
    static final short[] shorts = new short[N];
    static final boolean[] flags = new boolean[N];

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> {
            ints[5] = 1;
            chars[65] = 'x';
            ints[5] = 0;
            longs[70] = -1;
            bytes[99] = (byte) 200;
        });
        int[] seen = new int[2];
        Thread b = new Thread(() -> {
            seen[0] = ints[5];
            doubles[66] = 2.5;
            floats[64] = -0.0f;
            seen[1] = (int) longs[70];
            shorts[1] = -3;
            flags[80] = true;
            flags[80] = false;
        });
        a.start();
        b.start();
        a.join();
        b.join();
        int[] local = new int[N];
        for (int i = 0; i < N; i++) {
            local[i] = i;
        }
        System.arraycopy(local, 10, ints, 0, 20);
        ints[3] = 100;
        Arrays.fill(doubles, 70, 80, 1.0);
        doubles[71] = 3.0;
        long sum = 0;
        for (int i = 0; i < N; i++) {
            sum += ints[i] + longs[i] + (long) doubles[i] + (long) floats[i] + bytes[i] + chars[i] + shorts[i] + (flags[i] ? 1 : 0);
        }
        System.out.println(seen[0] + " " + seen[1] + " sum " + sum);
    }
}
