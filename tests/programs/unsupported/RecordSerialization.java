import java.io.*;

// expect-unsupported: java.lang.invoke method handles
/** Records are deserialised through method-handle combinators, which jvmc does not run. */
public class RecordSerialization {
    record Point(int x, int y) implements Serializable {}

    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Point(3, -4));
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            System.out.println(in.readObject());
        }
    }
}
