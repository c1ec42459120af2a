import java.util.ArrayList;
import java.util.List;

/** A small bundled example: accounts, transfers and a failing invariant check. */
public class Bank {
    record Account(String owner, long balance) {
        Account deposit(long amount) {
            return new Account(owner, balance + amount);
        }
    }

    public static void main(String[] args) {
        List<Account> accounts = new ArrayList<>();
        for (String name : new String[] {"ada", "grace", "edsger"}) {
            accounts.add(new Account(name, 100));
        }
        accounts.set(1, accounts.get(1).deposit(-40));
        accounts.set(2, accounts.get(2).deposit(40));
        long total = accounts.stream().mapToLong(Account::balance).sum();
        accounts.forEach(a -> System.out.printf("%-7s %5d%n", a.owner(), a.balance()));
        System.out.println("total = " + total);
        assert total == 300 : "money was created or destroyed";
    }
}
