/**
 * A tiny file system in the spirit of Daisy, the file system proposed as a common
 * verification challenge (Qadeer et al.) and used, in a Java version, in the DFS-RB
 * paper: files are inodes pointing to blocks of a shared disk, a block allocator
 * hands out free blocks, and client threads create, write, read and delete files
 * concurrently, synchronised by one lock per inode plus locks for the directory
 * and the allocator. The paper's error in Daisy was the hardest to reach of all its
 * benchmarks (a single error path seen, more than 300 steps long).
 *
 * <p>Our version: an in-memory disk of {@code blocks} one-word blocks with an owner
 * per block, a next-fit block allocator (the search for a free block starts after
 * the last block handed out; when no block is free the caller waits until blocks
 * are freed), an inode table (the directory) and two client threads. A client
 * creates a journal file of one block; creates a file of {@code fileBlocks} blocks,
 * writes data only it writes, reads it back and deletes the file; then rewrites and
 * reads back its journal in {@code rounds} rounds, and deletes it. Every read
 * asserts it returns the client's own data; freeing a block asserts that it belongs
 * to the file. The inode's monitor guards the inode and the data of its blocks, the
 * disk's monitor the owners and the allocation position, the file system's monitor
 * the directory. At the end main asserts that every block and inode is free again.
 * The disk ({@code 2 * fileBlocks + 1} blocks by default) is one block short of
 * what both clients may hold at once, so an allocation sometimes waits.
 *
 * <p>Injected bug ({@code bug}): the allocator's "find a free block; mark it used"
 * is not atomic — the lock scope is narrowed so that the search (which also moves
 * the allocation position on) is one critical section and marking the block as
 * owned a second one. Because the position has moved on, a concurrent allocation
 * normally gets a different block; it gets the same one only when that block is
 * the last free one: the disk must be full except for the block the other client
 * has found but not yet marked, which happens only while both clients are in the
 * middle of writing their multi-block files. Then both files own the block: a
 * client reads back the other client's data ("read of file ... returned another
 * file's data") or frees a block its file no longer owns ("block b freed by inode
 * i but owned by j"). {@code fixed} finds and marks in one critical section.
 *
 * <p>Threads: main and two clients (3 in all; the paper's Daisy has 2 threads).
 * Usage: {@code DaisyFs [bug|fixed] [rounds] [fileBlocks] [blocks]} (defaults
 * {@code bug 10 2 5}). The journal rounds come after the window, so they only
 * add to what depth-first search explores before it returns to the early choice
 * that leads to the bug. Recommended: {@code bug 20} and {@code fixed 10} (about
 * 360,000 states, exhaustive in a few seconds). The data word of a block is guarded
 * by whichever inode owns the block at the time, so jvmc's lockset analysis sees
 * no common lock and schedules its accesses even in the fixed variant.
 */
// jvmc-rb: args=bug 10
// jvmc-rb: args=bug 20
// jvmc-rb: fixed=fixed 10
public class DaisyFs {

    static final int FREE = -1;

    /** One block of the disk: one word of data and its owner. */
    static final class Block {
        int word;                  // guarded by the monitor of the inode owning the block
        int owner = FREE;          // guarded by the disk's monitor: inode number or FREE
    }

    /** A disk of one-word blocks with the block allocator. */
    static final class Disk {
        final boolean buggy;
        final Block[] blocks;
        int next;                  // guarded by the disk's monitor: where the next search starts

        Disk(boolean buggy, int count) {
            this.buggy = buggy;
            blocks = new Block[count];
            for (int b = 0; b < count; b++) blocks[b] = new Block();
        }

        /** Next-fit search; advances the allocation position past the block found. */
        private int findFree() {
            for (int i = 0; i < blocks.length; i++) {
                int b = (next + i) % blocks.length;
                if (blocks[b].owner == FREE) {
                    next = (b + 1) % blocks.length;
                    return b;
                }
            }
            return -1;
        }

        /** A free block, now owned by inode {@code ino}; waits while the disk is full. */
        int alloc(int ino) throws InterruptedException {
            int b;
            if (!buggy) {
                synchronized (this) {
                    while ((b = findFree()) < 0) wait();
                    blocks[b].owner = ino;
                }
                return b;
            }
            synchronized (this) {
                while ((b = findFree()) < 0) wait();
            }
            synchronized (this) {      // BUG: marked in a critical section of its own
                blocks[b].owner = ino;
            }
            return b;
        }

        synchronized void free(int b, int ino) {
            int owner = blocks[b].owner;
            assert owner == ino : "block " + b + " freed by inode " + ino + " but owned by " + owner;
            blocks[b].owner = FREE;
            notifyAll();
        }

        synchronized boolean allFree() {
            for (Block b : blocks) if (b.owner != FREE) return false;
            return true;
        }
    }

    static final class Inode {
        final int number;
        boolean inUse;             // guarded by the file system's monitor (the directory)
        int size;                  // guarded by the inode's monitor, as are blocks
        final int[] blocks;

        Inode(int number, int maxBlocks) {
            this.number = number;
            blocks = new int[maxBlocks];
        }
    }

    /** The file system: the directory (inode table) is guarded by its monitor. */
    static final class Fs {
        final Disk disk;
        final Inode[] inodes;

        Fs(Disk disk, int inodeCount, int maxBlocks) {
            this.disk = disk;
            inodes = new Inode[inodeCount];
            for (int i = 0; i < inodeCount; i++) inodes[i] = new Inode(i, maxBlocks);
        }

        synchronized int create() {
            for (Inode n : inodes) {
                if (!n.inUse) {
                    n.inUse = true;
                    return n.number;
                }
            }
            throw new IllegalStateException("no free inode");
        }

        /** Writes block {@code index} of the file; appends a new block when index == size. */
        void write(int ino, int index, int value) throws InterruptedException {
            Inode n = inodes[ino];
            synchronized (n) {
                if (index == n.size) {
                    n.blocks[index] = disk.alloc(ino);
                    n.size++;
                }
                disk.blocks[n.blocks[index]].word = value;
            }
        }

        int read(int ino, int index) {
            Inode n = inodes[ino];
            synchronized (n) {
                return disk.blocks[n.blocks[index]].word;
            }
        }

        int size(int ino) {
            Inode n = inodes[ino];
            synchronized (n) {
                return n.size;
            }
        }

        void delete(int ino) {
            Inode n = inodes[ino];
            synchronized (n) {
                for (int i = 0; i < n.size; i++) disk.free(n.blocks[i], ino);
                n.size = 0;
            }
            synchronized (this) {
                n.inUse = false;
            }
        }

        synchronized boolean allInodesFree() {
            for (Inode n : inodes) if (n.inUse) return false;
            return true;
        }
    }

    static final class Client extends Thread {
        final Fs fs;
        final int id;
        final int rounds;
        final int fileBlocks;

        Client(Fs fs, int id, int rounds, int fileBlocks) {
            super("client-" + id);
            this.fs = fs;
            this.id = id;
            this.rounds = rounds;
            this.fileBlocks = fileBlocks;
        }

        @Override
        public void run() {
            try {
                // a journal file of one block, then a file of fileBlocks blocks, written,
                // read back and deleted; then rounds of rewriting the journal
                int journal = fs.create();
                fs.write(journal, 0, value(0));
                int ino = fs.create();
                for (int k = 0; k < fileBlocks; k++) fs.write(ino, k, value(100 + k));
                for (int k = 0; k < fileBlocks; k++) check(ino, k, value(100 + k));
                fs.delete(ino);
                for (int r = 1; r <= rounds; r++) {
                    fs.write(journal, 0, value(r));
                    check(journal, 0, value(r));
                }
                fs.delete(journal);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        void check(int ino, int k, int expected) {
            int v = fs.read(ino, k);
            assert v == expected : "read of file " + ino + " (client " + id + ") block " + k
                    + " returned another file's data: " + v;
        }

        /** Data only this client writes. */
        int value(int k) {
            return 1000 * (id + 1) + k;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        boolean buggy = args.length == 0 || !args[0].equals("fixed");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int fileBlocks = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int blocks = args.length > 3 ? Integer.parseInt(args[3]) : 2 * fileBlocks + 1;
        if (fileBlocks < 1 || fileBlocks + 2 > blocks) throw new IllegalArgumentException("bad sizes");

        Fs fs = new Fs(new Disk(buggy, blocks), 4, fileBlocks);
        Client[] clients = {new Client(fs, 0, rounds, fileBlocks), new Client(fs, 1, rounds, fileBlocks)};
        for (Client c : clients) c.start();
        for (Client c : clients) c.join();
        assert fs.disk.allFree() : "blocks left allocated";
        assert fs.allInodesFree() : "inodes left in use";
        System.out.println("ok after " + rounds + " rounds");
    }
}
