// jvmc-check: verdict=ok
// outcome: x=0 alive=false
// outcome: x=0 alive=true
// outcome: x=1 alive=false
// outcome: x=1 alive=true
// A thread's termination is a step of its own: main can read the thread's write and
// still find it alive. (jvmc ran a thread's exit in the same transition as its last
// shared access, so x=1 alive=true was missed by every search.)
public class AliveAfterWrite {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        boolean alive = t.isAlive();
        System.out.println("x=" + r + " alive=" + alive);
        t.join();
    }
}
