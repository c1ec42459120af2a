import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

// covers: java.util.concurrent.CopyOnWriteArrayList.{add,get,set,remove,contains,indexOf,size,isEmpty,addIfAbsent}
// covers: java.util.concurrent.CopyOnWriteArraySet.{add,remove,contains,size,isEmpty}
public class LinCow {
    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        Lin.<CopyOnWriteArrayList<Integer>>of("CopyOnWriteArrayList", () -> new CopyOnWriteArrayList<>(new Integer[] {1}), Object::toString)
            .thread(l -> l.add(2), l -> l.get(0), l -> l.set(0, 5), l -> l.contains(3))
            .thread(l -> l.addIfAbsent(3), l -> l.remove(Integer.valueOf(1)), l -> l.indexOf(2), l -> l.size())
            .check();
        Lin.<CopyOnWriteArrayList<Integer>>of("CopyOnWriteArrayList index", () -> new CopyOnWriteArrayList<>(new Integer[] {1, 2}), Object::toString)
            .thread(l -> l.remove(0), l -> l.isEmpty())
            .thread(l -> l.remove(1), l -> l.get(0))
            .check();
        Lin.<CopyOnWriteArraySet<Integer>>of("CopyOnWriteArraySet", CopyOnWriteArraySet::new, Object::toString)
            .thread(s -> s.add(1), s -> s.remove(2), s -> s.size())
            .thread(s -> s.add(2), s -> s.contains(1), s -> s.isEmpty())
            .check();
    }
}
