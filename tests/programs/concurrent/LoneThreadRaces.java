// jvmc-check: verdict=ok
// jvmc-check: stateless
// outcome: z=0 r0=0 y=0
// outcome: z=0 r0=0 y=1
// outcome: z=0 r0=1 y=0
// outcome: z=0 r0=1 y=1
// outcome: z=1 r0=0 y=0
// outcome: z=1 r0=0 y=1
// outcome: z=1 r0=1 y=0
// outcome: z=1 r0=1 y=1
// The last worker to run runs alone (the others have ended, main waits in join), and
// the vm merges a lone thread's steps into one transition. In `z=0 r0=0 y=1`, t0
// reads `a` before t2 writes it but reads `x` after t3 writes it. When t0's
// `y = x; r0 = a` was one merged step, its latest race was the one with `x = 1`;
// `--por dpor` and the DPOR engine reverse only the latest race of a step, and a
// sleep set cut off the executions that would have reversed the other: both missed
// `z=0 r0=0 y=1`. They now run unmerged steps.
public class LoneThreadRaces {
    static int x, z, r0, a, y;

    public static void main(String[] args) throws InterruptedException {
        Thread t0 = new Thread(() -> { y = x; r0 = a; });
        Thread t1 = new Thread(() -> { y = 0; z = x; });
        Thread t2 = new Thread(() -> a = 1);
        Thread t3 = new Thread(() -> x = 1);
        t0.start(); t1.start(); t2.start(); t3.start();
        t0.join(); t1.join(); t2.join(); t3.join();
        System.out.println("z=" + z + " r0=" + r0 + " y=" + y);
    }
}
