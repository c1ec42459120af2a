// jvmc-check: verdict=ok
// outcome: int=true ref=true
// outcome: int=true ref=false
// outcome: int=false ref=true
// outcome: int=false ref=false
// Issue 9, defect 2: weakCompareAndSet may fail even when the value matches (the API
// allows it, ARM does it). Each of these single weak CASes (through Unsafe for
// AtomicInteger, through a VarHandle for AtomicReference) must show false among its
// outcomes, with no other thread involved.
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

public class WeakCasFailsSpuriously {
    public static void main(String[] args) {
        AtomicInteger i = new AtomicInteger();
        AtomicReference<String> r = new AtomicReference<>("a");
        boolean a = i.weakCompareAndSetPlain(0, 1);
        boolean b = r.weakCompareAndSetVolatile("a", "b");
        System.out.println("int=" + a + " ref=" + b);
    }
}
