import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

// covers: java.util.concurrent.locks.ReentrantLock.{lock,lockInterruptibly,tryLock,unlock,newCondition,isHeldByCurrentThread,getHoldCount,isLocked}
// covers: java.util.concurrent.locks.ReentrantReadWriteLock.{readLock,writeLock,isWriteLocked,isWriteLockedByCurrentThread}
// covers: java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.{lock,lockInterruptibly,tryLock,unlock,newCondition}
// covers: java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.{lock,lockInterruptibly,tryLock,unlock,newCondition,isHeldByCurrentThread,getHoldCount}
// covers: java.util.concurrent.locks.StampedLock.{writeLock,readLock,tryWriteLock,tryReadLock,unlockWrite,unlockRead,unlock,tryOptimisticRead,validate}
public class LinLocks {
    /** The object under test and, in sequential runs, the specification of its locks. */
    static final class Guarded {
        final ReentrantLock lock = new ReentrantLock();
        final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        final StampedLock stamped = new StampedLock();
        final boolean model = Lin.inSequentialRun();
        // the specification: a writer (or plain owner) with its hold count, readers' holds
        int owner = -1;
        int holds;
        final int[] reads = new int[2];
        int version;
        final long[] stamps = new long[2];
        int x;

        boolean readByOthers() {
            for (int t = 0; t < reads.length; t++) {
                if (t != Lin.me() && reads[t] > 0) {
                    return true;
                }
            }
            return false;
        }

        boolean ownerIsOther() {
            return owner != -1 && owner != Lin.me();
        }

        /** Exclusive acquisition: blocks while another thread holds it (or reads). */
        Object acquire(boolean exclusiveOfReaders) {
            if (ownerIsOther() || exclusiveOfReaders && readByOthers()) {
                return Lin.blocked();
            }
            owner = Lin.me();
            holds++;
            return "locked";
        }

        boolean tryAcquire(boolean exclusiveOfReaders) {
            if (ownerIsOther() || exclusiveOfReaders && readByOthers()) {
                return false;
            }
            acquire(exclusiveOfReaders);
            return true;
        }

        Object release() {
            if (owner != Lin.me()) {
                return "IllegalMonitorStateException";
            }
            if (--holds == 0) {
                owner = -1;
            }
            return "unlocked";
        }

        Object readAcquire() {
            if (ownerIsOther()) {
                return Lin.blocked();
            }
            reads[Lin.me()]++;
            return "read";
        }

        @Override
        public String toString() {
            boolean held = model ? owner != -1 : lock.isLocked() || rw.isWriteLocked() || stamped.isWriteLocked();
            int readers = model ? reads[0] + reads[1] : rw.getReadLockCount() + stamped.getReadLockCount();
            return "held=" + held + ",readers=" + readers + ",x=" + x;
        }
    }

    static Lin.Op<Guarded> op(Lin.Op<Guarded> real, Lin.Op<Guarded> model) {
        return Lin.blocking(real, model);
    }

    static final Lin.Op<Guarded> INC = g -> g.x++;

    static Object done(Runnable r, Object result) {
        r.run();
        return result;
    }

    /** The plain-lock calls of `lock` (a ReentrantLock or a WriteLock), and its spec. */
    static void exclusive(String name, java.util.function.Function<Guarded, Lock> lock) throws InterruptedException {
        Lin.Op<Guarded> unlockIfHeld = op(g -> {
            if (g.lock == lock.apply(g) ? g.lock.isHeldByCurrentThread() : g.rw.isWriteLockedByCurrentThread()) {
                lock.apply(g).unlock();
                return "unlocked";
            }
            return "-";
        }, g -> g.owner == Lin.me() ? g.release() : "-");
        Lin.<Guarded>of(name + " lock/tryLock", Guarded::new, Object::toString)
            .thread(op(g -> done(lock.apply(g)::lock, "locked"), g -> g.acquire(true)), INC,
                    op(g -> done(lock.apply(g)::unlock, "unlocked"), Guarded::release))
            .thread(op(g -> lock.apply(g).tryLock(), g -> g.tryAcquire(true)), op(g -> lock.apply(g).newCondition() != null, g -> true), unlockIfHeld)
            .check();
        Lin.<Guarded>of(name + " lockInterruptibly", Guarded::new, Object::toString)
            .thread(op(g -> {
                lock.apply(g).lockInterruptibly();
                return "locked";
            }, g -> g.acquire(true)), INC, unlockIfHeld)
            .thread(op(g -> done(lock.apply(g)::lock, "locked"), g -> g.acquire(true)), op(g -> done(lock.apply(g)::lock, "locked"), g -> g.acquire(true)),
                    unlockIfHeld, unlockIfHeld)
            .check();
    }

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        exclusive("ReentrantLock", g -> g.lock);
        Lin.<Guarded>of("ReentrantLock queries", Guarded::new, Object::toString)
            .thread(op(g -> done(g.lock::lock, "locked"), g -> g.acquire(true)), op(g -> g.lock.getHoldCount(), g -> g.owner == Lin.me() ? g.holds : 0),
                    op(g -> done(g.lock::unlock, "unlocked"), Guarded::release))
            .thread(op(g -> g.lock.isLocked(), g -> g.owner != -1), op(g -> g.lock.isHeldByCurrentThread(), g -> g.owner == Lin.me()))
            .check();
        exclusive("WriteLock", g -> g.rw.writeLock());
        Lin.<Guarded>of("WriteLock queries", Guarded::new, Object::toString)
            .thread(op(g -> done(g.rw.writeLock()::lock, "locked"), g -> g.acquire(true)),
                    op(g -> g.rw.writeLock().getHoldCount() + "/" + g.rw.writeLock().isHeldByCurrentThread(), g -> g.holds + "/" + (g.owner == Lin.me())),
                    op(g -> done(g.rw.writeLock()::unlock, "unlocked"), Guarded::release))
            .thread(op(g -> g.rw.isWriteLocked(), g -> g.owner != -1), op(g -> g.rw.isWriteLockedByCurrentThread(), g -> g.owner == Lin.me()))
            .check();
        Lin.<Guarded>of("ReadLock", Guarded::new, Object::toString)
            .thread(op(g -> done(g.rw.readLock()::lock, "read"), Guarded::readAcquire), op(g -> g.x, g -> g.x),
                    op(g -> done(g.rw.readLock()::unlock, "unread"), g -> done(() -> g.reads[Lin.me()]--, "unread")))
            .thread(op(g -> g.rw.writeLock().tryLock(), g -> g.tryAcquire(true)), INC,
                    op(g -> g.rw.isWriteLockedByCurrentThread() ? done(g.rw.writeLock()::unlock, "unlocked") : "-", g -> g.owner == Lin.me() ? g.release() : "-"))
            .check();
        Lin.<Guarded>of("ReadLock try", Guarded::new, Object::toString)
            .thread(op(g -> {
                g.rw.readLock().lockInterruptibly();
                return "read";
            }, Guarded::readAcquire), op(g -> g.rw.readLock().newCondition(), g -> "UnsupportedOperationException"),
                    op(g -> done(g.rw.readLock()::unlock, "unread"), g -> done(() -> g.reads[Lin.me()]--, "unread")))
            .thread(op(g -> done(g.rw.writeLock()::lock, "locked"), g -> g.acquire(true)), op(g -> g.rw.readLock().tryLock(), g -> g.readAcquire() != null),
                    op(g -> done(g.rw.readLock()::unlock, "unread"), g -> done(() -> g.reads[Lin.me()]--, "unread")),
                    op(g -> done(g.rw.writeLock()::unlock, "unlocked"), Guarded::release))
            .check();
        // StampedLock: stamps are kept per thread; the model's version counts write
        // acquisitions and releases, as the lock's state does
        Lin.<Guarded>of("StampedLock write/optimistic", Guarded::new, Object::toString)
            .thread(op(g -> done(() -> g.stamps[Lin.me()] = g.stamped.writeLock(), "w"), g -> {
                if (g.ownerIsOther() || g.readByOthers()) {
                    return Lin.blocked();
                }
                g.owner = Lin.me();
                g.version++;
                return "w";
            }), INC, op(g -> done(() -> g.stamped.unlockWrite(g.stamps[Lin.me()]), "uw"), g -> {
                g.owner = -1;
                g.version++;
                return "uw";
            }))
            .thread(op(g -> (g.stamps[Lin.me()] = g.stamped.tryOptimisticRead()) != 0, g -> {
                g.stamps[Lin.me()] = g.owner == -1 ? g.version + 1 : 0;
                return g.owner == -1;
            }), op(g -> g.x, g -> g.x), op(g -> g.stamped.validate(g.stamps[Lin.me()]), g -> g.stamps[Lin.me()] != 0 && g.stamps[Lin.me()] == g.version + 1))
            .check();
        Lin.<Guarded>of("StampedLock read/tryWrite", Guarded::new, Object::toString)
            .thread(op(g -> done(() -> g.stamps[Lin.me()] = g.stamped.readLock(), "read"), Guarded::readAcquire), op(g -> g.x, g -> g.x),
                    op(g -> done(() -> g.stamped.unlockRead(g.stamps[Lin.me()]), "ur"), g -> done(() -> g.reads[Lin.me()]--, "ur")))
            .thread(op(g -> (g.stamps[Lin.me()] = g.stamped.tryWriteLock()) != 0, g -> g.tryAcquire(true)), op(g -> {
                if (g.stamps[Lin.me()] != 0) {
                    g.x++;
                    g.stamped.unlock(g.stamps[Lin.me()]);
                    return "unlocked";
                }
                return "-";
            }, g -> {
                if (g.owner == Lin.me()) {
                    g.x++;
                    return g.release();
                }
                return "-";
            }))
            .check();
        Lin.<Guarded>of("StampedLock tryRead", Guarded::new, Object::toString)
            .thread(op(g -> (g.stamps[Lin.me()] = g.stamped.tryReadLock()) != 0, g -> g.ownerIsOther() ? false : g.readAcquire() != null),
                    op(g -> g.stamps[Lin.me()] != 0 ? done(() -> g.stamped.unlock(g.stamps[Lin.me()]), "unlocked") : "-",
                       g -> g.reads[Lin.me()] > 0 ? done(() -> g.reads[Lin.me()]--, "unlocked") : "-"))
            .thread(op(g -> done(() -> g.stamps[Lin.me()] = g.stamped.writeLock(), "locked"), g -> g.acquire(true)), INC,
                    op(g -> done(() -> g.stamped.unlockWrite(g.stamps[Lin.me()]), "unlocked"), Guarded::release))
            .check();
    }
}
