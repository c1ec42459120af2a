/**
 * Two clerks move money between the same two accounts at the same time. Each locks the
 * account it takes money from, then the one it pays into — so when they transfer in
 * opposite directions, each can end up holding the lock the other one needs.
 *
 * `jvmc check examples/Transfers.java` finds that deadlock and prints the interleaving
 * that leads to it; `java Transfers` usually just prints the balances.
 */
public class Transfers {
    static final class Account {
        final String name;
        int balance;

        Account(String name, int balance) {
            this.name = name;
            this.balance = balance;
        }
    }

    static void transfer(Account from, Account to, int amount) {
        synchronized (from) {
            synchronized (to) {
                if (from.balance >= amount) {
                    from.balance -= amount;
                    to.balance += amount;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Account alice = new Account("alice", 100);
        Account bob = new Account("bob", 50);
        Thread clerk1 = new Thread(() -> transfer(alice, bob, 30), "clerk-1");
        Thread clerk2 = new Thread(() -> transfer(bob, alice, 20), "clerk-2");
        clerk1.start();
        clerk2.start();
        clerk1.join();
        clerk2.join();
        assert alice.balance + bob.balance == 150 : "money was created or destroyed";
        System.out.println("alice " + alice.balance + ", bob " + bob.balance);
    }
}
