import java.util.ArrayList;

// The control: a class the table leaves out because it is not thread-safe. The
// self-check requires this scenario to be found violating (the harness can fail).
public class LinUntrusted {
    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        Lin.<ArrayList<Integer>>of("ArrayList add", ArrayList::new, Object::toString)
            .thread(l -> l.add(1))
            .thread(l -> l.add(2))
            .check();
    }
}
