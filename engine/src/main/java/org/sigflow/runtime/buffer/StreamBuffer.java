package org.sigflow.runtime.buffer;

import java.util.ArrayList;
import java.util.List;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Tag;

/**
 * Lock-free single-producer, multi-consumer ring of items between one output and its readers.
 *
 * <p>Items live in one primitive array of {@code (capacity + M) * itemSize} elements, where the mirror size
 * {@code M} covers the largest history (minus one) plus the largest input multiple (minus one) of the readers and the
 * writer's output multiple. Absolute item {@code a} sits in slot {@code (a + H) mod capacity} with {@code H} the
 * largest history minus one: the {@code H} slots before item 0 start as zeros, the history a filter sees before the
 * first sample. Slots {@code [capacity, capacity + M)} always hold the same items as {@code [0, M)}: the writer
 * copies what it writes into the first {@code M} slots up there, and may write past {@code capacity} and copy that
 * back down. So every reader window (history + at least one input multiple) and every write span is contiguous: the
 * double-mapped-buffer trick of GNU Radio, done with an {@code M}-item copy per lap instead of virtual memory.
 *
 * <p>Only the writer thread advances {@link #written}; each reader advances only its own position. Both are volatile
 * longs published after the data (release/acquire), so no locks are taken on the data path. Tags are rare and use a
 * small synchronised list.
 *
 * <p>A <em>token</em> buffer ({@link #tokens}) stores no samples: it counts items, carries tags and end-of-stream and
 * wakes its neighbours for an edge whose data lives elsewhere (device pages of a CUDA edge, in the
 * {@link #attachment()}). Its reads and writes need not be contiguous, so the ring's end does not cut them short.
 */
public final class StreamBuffer {
    private final Dtype dtype;
    private final int itemSize;
    private final int capacity;
    private final int mirror;
    private final int historyBase;
    private final int chunk;
    private final Object array;
    private final List<Reader> readers = new ArrayList<>();
    private final List<Tag> tags = new ArrayList<>();
    private volatile boolean hasTags;
    private volatile long written;
    private volatile boolean writerDone;
    private final boolean tokens;
    private volatile Object attachment;
    private Runnable onWrite = () -> {};
    private Runnable onRead = () -> {};

    /**
     * @param capacity   ring size in items; must exceed the mirror plus the chunks in flight
     * @param maxHistory the largest {@code history()} among the readers that will attach
     * @param mirror     items replicated past the ring's end: at least {@code maxHistory - 1 + inputMultiple - 1} of
     *                   every reader and {@code outputMultiple - 1} of the writer
     * @param chunk      most items one call may write or read: much less than the capacity, so the writer fills one
     *                   chunk while the reader works on the previous one (pipelining instead of taking turns); at
     *                   least every reader's input multiple and the writer's output multiple
     */
    public StreamBuffer(Dtype dtype, int itemSize, int capacity, int maxHistory, int mirror, int chunk) {
        if (mirror < maxHistory - 1 || capacity < 2 * (mirror + 1)) {
            throw new IllegalArgumentException("buffer capacity " + capacity + " too small for mirror " + mirror);
        }
        this.dtype = dtype;
        this.itemSize = itemSize;
        this.capacity = capacity;
        this.mirror = mirror;
        this.historyBase = maxHistory - 1;
        this.chunk = Math.max(1, chunk);
        this.tokens = itemSize == 0;
        long elements = (long) (capacity + mirror) * itemSize;
        if (elements > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("buffer of " + elements + " elements is too large");
        }
        this.array = switch (dtype.storage()) {
            case FLOAT -> new float[(int) elements];
            case SHORT -> new short[(int) elements];
            case BYTE -> new byte[(int) elements];
        };
    }

    /**
     * A buffer for an edge whose items live elsewhere: it holds no samples, only counts up to {@code capacity}
     * unread items, with at most {@code chunk} per call.
     */
    public static StreamBuffer tokens(Dtype dtype, int capacity, int chunk) {
        return new StreamBuffer(dtype, 0, capacity, 1, 0, chunk);
    }

    /** True for a sample-less buffer (see {@link #tokens(Dtype, int, int)}). */
    public boolean isTokens() {
        return tokens;
    }

    /** The object the writer attached for the readers (a CUDA edge's page ring), or null. */
    public Object attachment() {
        return attachment;
    }

    /** Writer thread only, before the first {@link #produce}: the volatile publish of the items publishes it. */
    public void attach(Object value) {
        this.attachment = value;
    }

    /** Attaches a reader needing {@code history} items of history and {@code multiple} contiguous items per call. */
    public Reader attach(int history, int multiple) {
        if (history - 1 > historyBase || history - 1 + multiple - 1 > mirror || multiple > chunk) {
            throw new IllegalArgumentException("reader history " + history + " / multiple " + multiple
                    + " exceed the buffer's mirror " + mirror);
        }
        Reader r = new Reader(this, history);
        readers.add(r);
        return r;
    }

    /** Callbacks that wake the writer (after a read) and the readers (after a write); set before running. */
    public void onActivity(Runnable afterWrite, Runnable afterRead) {
        this.onWrite = afterWrite;
        this.onRead = afterRead;
    }

    public Dtype dtype() {
        return dtype;
    }

    public int itemSize() {
        return itemSize;
    }

    public int capacity() {
        return capacity;
    }

    public Object array() {
        return array;
    }

    int mirror() {
        return mirror;
    }

    int chunk() {
        return chunk;
    }

    List<Reader> readers() {
        return readers;
    }

    public long written() {
        return written;
    }

    public boolean writerDone() {
        return writerDone;
    }

    int slot(long item) {
        return (int) Math.floorMod(item + historyBase, (long) capacity);
    }

    /** Oldest item some attached reader still needs (its history included); {@code written} if none. */
    private long oldestNeeded() {
        long min = Long.MAX_VALUE;
        for (Reader r : readers) {
            if (!r.detached()) {
                min = Math.min(min, r.position() - (r.history() - 1));
            }
        }
        return min == Long.MAX_VALUE ? written : min;
    }

    /** True when readers exist and every one of them has finished: nothing written now would be read. */
    public boolean allReadersGone() {
        if (readers.isEmpty()) {
            return false;
        }
        for (Reader r : readers) {
            if (!r.detached()) {
                return false;
            }
        }
        return true;
    }

    /** Items the writer may write now, contiguous from {@link #writeOffset()}. */
    public int writeSpace() {
        long w = written;
        long free = oldestNeeded() + capacity - w;
        if (tokens) {
            return (int) Math.max(0, Math.min(free, chunk));
        }
        int toEnd = capacity + mirror - slot(w); // may run into the mirror; produce() copies it back down
        return (int) Math.max(0, Math.min(Math.min(free, toEnd), chunk));
    }

    /** Element index where the next item is to be written. */
    public int writeOffset() {
        return slot(written) * itemSize;
    }

    /** Publishes {@code n} items written at {@link #writeOffset()}. Writer thread only. */
    public void produce(int n) {
        if (n <= 0) {
            return;
        }
        long w = written;
        if (tokens) {
            written = w + n;
            onWrite.run();
            return;
        }
        int s = slot(w);
        int end = s + n;
        if (end > capacity) { // written past the ring's end: the same items belong at its start
            System.arraycopy(array, capacity * itemSize, array, 0, (end - capacity) * itemSize);
        }
        if (s < mirror) { // written at the ring's start: replicate for windows that run past the end
            int m = Math.min(end, mirror) - s;
            System.arraycopy(array, s * itemSize, array, (capacity + s) * itemSize, m * itemSize);
        }
        written = w + n;
        onWrite.run();
    }

    /** Marks the end of the stream: readers see {@code finished()} once they have read everything. */
    public void finish() {
        writerDone = true;
        onWrite.run();
    }

    /** Adds a tag; writer thread only, offset must not be below what readers have consumed. */
    public void addTag(Tag tag) {
        synchronized (tags) {
            int i = tags.size();
            while (i > 0 && tags.get(i - 1).offset() > tag.offset()) {
                i--;
            }
            tags.add(i, tag);
            hasTags = true;
        }
    }

    List<Tag> tags(long from, long to) {
        if (!hasTags) {
            return List.of();
        }
        List<Tag> out = new ArrayList<>();
        synchronized (tags) {
            for (Tag t : tags) {
                if (t.offset() >= to) {
                    break;
                }
                if (t.offset() >= from) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** Drops tags every reader has passed. */
    void pruneTags() {
        if (!hasTags) {
            return;
        }
        long min = Long.MAX_VALUE;
        for (Reader r : readers) {
            if (!r.detached()) {
                min = Math.min(min, r.position());
            }
        }
        synchronized (tags) {
            final long lim = min;
            tags.removeIf(t -> t.offset() < lim);
            hasTags = !tags.isEmpty();
        }
    }

    void readerMoved() {
        onRead.run();
    }

    /** Fraction of the ring holding unread items (of the slowest reader), 0..1. */
    public double fill() {
        long min = Long.MAX_VALUE;
        for (Reader r : readers) {
            if (!r.detached()) {
                min = Math.min(min, r.position());
            }
        }
        if (min == Long.MAX_VALUE) {
            return 0;
        }
        return Math.min(1.0, Math.max(0, written - min) / (double) capacity);
    }

    /** Picks a ring size in items: four work chunks (a power of two), at least twice the mirror plus a chunk. */
    public static int capacityFor(int mirror, int chunkItems) {
        int want = Math.max(4 * chunkItems, 2 * (mirror + 1 + chunkItems));
        int c = Integer.highestOneBit(Math.max(2, want - 1)) << 1;
        return Math.max(c, 8);
    }
}
