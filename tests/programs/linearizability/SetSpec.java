import java.util.TreeSet;

/**
 * A user-written sequential specification of an integer set, for
 * `--linearizability SetSpec:CLASS`: each public method is an operation, and
 * toString() shows the whole state.
 */
public class SetSpec {
    private final TreeSet<Integer> elements = new TreeSet<>();

    public boolean add(int x) {
        return elements.add(x);
    }

    public boolean remove(int x) {
        return elements.remove(x);
    }

    public boolean contains(int x) {
        return elements.contains(x);
    }

    @Override
    public String toString() {
        return elements.toString();
    }
}
