// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: alive=false x=1
// outcome: alive=true x=0
// outcome: alive=true x=1
// join(1000) returns when the worker dies or when the timeout expires, which (no bound on
// scheduling delays) may happen before the worker writes x, after it, or never. Main then
// reads isAlive() and x. alive=false x=0 is impossible: a dead worker has written x.
public class TimedJoinRace {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> x = 1);
        w.start();
        w.join(1000);
        boolean alive = w.isAlive();
        int seen = x;
        System.out.println("alive=" + alive + " x=" + seen);
    }
}
