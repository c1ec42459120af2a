import java.util.*;

public class BankSimulation {
    static class InsufficientFundsException extends Exception {
        final long shortfall;
        InsufficientFundsException(String acct, long shortfall) {
            super("account " + acct + " short by " + shortfall);
            this.shortfall = shortfall;
        }
    }
    static class FrozenAccountException extends RuntimeException {
        FrozenAccountException(String id) { super("account " + id + " is frozen"); }
    }

    static final class Account {
        final String id;
        long balance;
        boolean frozen;
        final List<String> history = new ArrayList<>();
        Account(String id, long initial) { this.id = id; this.balance = initial; }
        void withdraw(long amt) throws InsufficientFundsException {
            if (frozen) throw new FrozenAccountException(id);
            if (amt > balance) throw new InsufficientFundsException(id, amt - balance);
            balance -= amt;
            history.add("-" + amt);
        }
        void deposit(long amt) {
            if (frozen) throw new FrozenAccountException(id);
            balance += amt;
            history.add("+" + amt);
        }
    }

    static final class Bank {
        final Map<String, Account> accounts = new TreeMap<>();
        long failed, succeeded, frozenHits;
        final Map<String, Long> shortfalls = new TreeMap<>();
        void open(String id, long initial) { accounts.put(id, new Account(id, initial)); }
        void transfer(String from, String to, long amt) {
            Account a = accounts.get(from), b = accounts.get(to);
            try {
                a.withdraw(amt);
                try {
                    b.deposit(amt);
                } catch (FrozenAccountException e) {
                    a.deposit(amt);
                    throw e;
                }
                succeeded++;
            } catch (InsufficientFundsException e) {
                failed++;
                shortfalls.merge(from, e.shortfall, Long::sum);
            } catch (FrozenAccountException e) {
                frozenHits++;
            }
        }
        long total() {
            long t = 0;
            for (Account a : accounts.values()) t += a.balance;
            return t;
        }
    }

    public static void main(String[] args) {
        Bank bank = new Bank();
        String[] ids = {"alice", "bob", "carol", "dave", "erin", "frank"};
        for (int i = 0; i < ids.length; i++) bank.open(ids[i], 1000L * (i + 1));
        long initialTotal = bank.total();
        Random r = new Random(20240601L);
        for (int step = 0; step < 20000; step++) {
            String from = ids[r.nextInt(ids.length)];
            String to = ids[r.nextInt(ids.length)];
            if (from.equals(to)) continue;
            long amt = 1 + r.nextInt(700);
            if (step == 5000) bank.accounts.get("dave").frozen = true;
            if (step == 9000) bank.accounts.get("dave").frozen = false;
            bank.transfer(from, to, amt);
            if (step % 4000 == 0) {
                StringBuilder sb = new StringBuilder("step " + step + ":");
                for (Account a : bank.accounts.values()) sb.append(' ').append(a.id).append('=').append(a.balance);
                System.out.println(sb);
            }
        }
        System.out.println("succeeded " + bank.succeeded + " failed " + bank.failed + " frozen " + bank.frozenHits);
        System.out.println("shortfalls " + bank.shortfalls);
        System.out.println("total conserved: " + (bank.total() == initialTotal) + " " + bank.total());
        for (Account a : bank.accounts.values()) {
            long deposits = a.history.stream().filter(h -> h.startsWith("+")).mapToLong(h -> Long.parseLong(h.substring(1))).sum();
            long withdrawals = a.history.stream().filter(h -> h.startsWith("-")).mapToLong(h -> Long.parseLong(h.substring(1))).sum();
            System.out.printf("%-6s balance=%6d tx=%5d in=%8d out=%8d last=%s%n", a.id, a.balance, a.history.size(), deposits, withdrawals,
                a.history.subList(Math.max(0, a.history.size() - 3), a.history.size()));
        }
        Account richest = Collections.max(bank.accounts.values(), Comparator.comparingLong(a -> a.balance));
        System.out.println("richest " + richest.id);
        try {
            bank.accounts.get("alice").withdraw(Long.MAX_VALUE);
        } catch (InsufficientFundsException e) {
            System.out.println(e.getMessage());
        }
    }
}
