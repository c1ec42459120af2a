/** A set of ints, as the POR benchmark's set clients use it (`SetClient`). */
public interface IntSet {
    boolean add(int key);

    boolean remove(int key);

    boolean contains(int key);
}
