// jvmc-check: verdict=ok
// jvmc-check: options=--random choice:3
// outcome: die=0 coin=false frac=0.0
// outcome: die=0 coin=false frac=0.5
// outcome: die=0 coin=true frac=0.0
// outcome: die=0 coin=true frac=0.5
// outcome: die=1 coin=false frac=0.0
// outcome: die=1 coin=false frac=0.5
// outcome: die=1 coin=true frac=0.0
// outcome: die=1 coin=true frac=0.5
// outcome: die=2 coin=false frac=0.0
// outcome: die=2 coin=false frac=0.5
// outcome: die=2 coin=true frac=0.0
// outcome: die=2 coin=true frac=0.5
// Issue 9, defect 6: with --random choice:3 each random draw is a choice among at most
// three values: nextInt(6) gives 0..2, nextBoolean false or true, and nextDouble(2.0)
// 0, 2/3 or 4/3 (printed here as the fraction of 2 that is below one half).
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

public class RandomDrawsAsChoices {
    public static void main(String[] args) {
        int die = new Random().nextInt(6);
        boolean coin = ThreadLocalRandom.current().nextBoolean();
        double x = new Random(42).nextDouble(2.0);
        System.out.println("die=" + die + " coin=" + coin + " frac=" + (x < 1.0 ? 0.0 : 0.5));
    }
}
