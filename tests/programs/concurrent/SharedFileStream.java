// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: t1=0 t2=1
// outcome: t1=1 t2=0
// Two threads share one FileInputStream over this program's own class file (which
// starts with the bytes CA FE) and each reads one byte without synchronisation: the
// stream's position is state, so each order of the two reads gives one outcome, and
// backtracking must restore the position (a leaked position would read BA or BE).
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Path;

public class SharedFileStream {
    static int r1, r2;

    static int readOne(FileInputStream in) {
        try {
            return in.read();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    static int index(int b) {
        return b == 0xCA ? 0 : b == 0xFE ? 1 : b == 0xBA ? 2 : b == 0xBE ? 3 : -1;
    }

    public static void main(String[] args) throws Exception {
        Path self = Path.of(System.getProperty("java.class.path").split(":")[0], "SharedFileStream.class");
        try (FileInputStream in = new FileInputStream(self.toFile())) {
            Thread t1 = new Thread(() -> r1 = readOne(in));
            Thread t2 = new Thread(() -> r2 = readOne(in));
            t1.start();
            t2.start();
            t1.join();
            t2.join();
        }
        System.out.println("t1=" + index(r1) + " t2=" + index(r2));
    }
}
