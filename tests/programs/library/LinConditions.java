import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

// covers: java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.{await,awaitUninterruptibly,awaitNanos,awaitUntil,signal,signalAll}
// covers: java.util.concurrent.locks.AbstractQueuedLongSynchronizer$ConditionObject.{await,awaitUninterruptibly,awaitNanos,awaitUntil,signal,signalAll}
// covers: java.util.concurrent.locks.LockSupport.{park,parkNanos,parkUntil,unpark}
public class LinConditions {
    /** A user's mutex on the long-state synchronizer, for its ConditionObject. */
    static final class LongMutex extends AbstractQueuedLongSynchronizer {
        @Override
        protected boolean tryAcquire(long arg) {
            if (compareAndSetState(0, 1)) {
                setExclusiveOwnerThread(Thread.currentThread());
                return true;
            }
            return false;
        }

        @Override
        protected boolean tryRelease(long arg) {
            setExclusiveOwnerThread(null);
            setState(0);
            return true;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getExclusiveOwnerThread() == Thread.currentThread();
        }

        Condition newCondition() {
            return new ConditionObject();
        }
    }

    interface Await {
        void await(Condition c) throws InterruptedException;
    }

    /** A flag set under a lock and waited for on a condition. */
    static final class Signal {
        final ReentrantLock lock = new ReentrantLock();
        final LongMutex mutex = new LongMutex();
        final Condition reentrant = lock.newCondition();
        final Condition longState = mutex.newCondition();
        boolean flag;
        volatile boolean ready;
        volatile Thread waiter;

        void lock(boolean onLong) {
            if (onLong) {
                mutex.acquire(1);
            } else {
                lock.lock();
            }
        }

        void unlock(boolean onLong) {
            if (onLong) {
                mutex.release(1);
            } else {
                lock.unlock();
            }
        }

        @Override
        public String toString() {
            return "flag=" + flag + ",ready=" + ready;
        }
    }

    static void condition(String name, boolean onLong, Await await, boolean all) throws InterruptedException {
        Lin.<Signal>of(name, Signal::new, Object::toString)
            .thread(Lin.blocking(s -> {
                s.lock(onLong);
                try {
                    while (!s.flag) {
                        await.await(onLong ? s.longState : s.reentrant);
                    }
                    return "woke";
                } finally {
                    s.unlock(onLong);
                }
            }, s -> s.flag ? "woke" : Lin.blocked()))
            .thread(s -> {
                s.lock(onLong);
                try {
                    s.flag = true;
                    if (all) {
                        (onLong ? s.longState : s.reentrant).signalAll();
                    } else {
                        (onLong ? s.longState : s.reentrant).signal();
                    }
                    return "signalled";
                } finally {
                    s.unlock(onLong);
                }
            })
            .check();
    }

    static void park(String name, Runnable park) throws InterruptedException {
        Lin.<Signal>of(name, Signal::new, Object::toString)
            .thread(Lin.blocking(s -> {
                s.waiter = Thread.currentThread();
                while (!s.ready) {
                    park.run();
                }
                return "woke";
            }, s -> s.ready ? "woke" : Lin.blocked()))
            .thread(s -> {
                s.ready = true;
                LockSupport.unpark(s.waiter);
                return "unparked";
            })
            .check();
    }

    public static void main(String[] args) throws InterruptedException {
        Lin.only = args.length > 0 ? args[0] : null;
        for (boolean onLong : new boolean[] {false, true}) {
            String kind = onLong ? "AbstractQueuedLongSynchronizer " : "ReentrantLock ";
            condition(kind + "await/signal", onLong, Condition::await, false);
            condition(kind + "awaitUninterruptibly/signalAll", onLong, Condition::awaitUninterruptibly, true);
            condition(kind + "awaitNanos/signal", onLong, c -> c.awaitNanos(TimeUnit.SECONDS.toNanos(10)), false);
            condition(kind + "awaitUntil/signalAll", onLong, c -> c.awaitUntil(new Date(System.currentTimeMillis() + 10_000)), true);
        }
        park("LockSupport park", LockSupport::park);
        park("LockSupport parkNanos", () -> LockSupport.parkNanos(1_000_000));
        park("LockSupport parkUntil", () -> LockSupport.parkUntil(System.currentTimeMillis() + 1));
    }
}
