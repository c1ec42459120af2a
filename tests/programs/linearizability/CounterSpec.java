/**
 * A user-written sequential specification of a counter, for
 * `--linearizability CounterSpec:CLASS`.
 */
public class CounterSpec {
    private int value;

    public int incrementAndGet() {
        return ++value;
    }

    public int get() {
        return value;
    }

    @Override
    public String toString() {
        return Integer.toString(value);
    }
}
