/** Not a usable specification: it does not show its state with toString(). */
public class NoTextSpec {
    private int value;

    public int incrementAndGet() {
        return ++value;
    }
}
