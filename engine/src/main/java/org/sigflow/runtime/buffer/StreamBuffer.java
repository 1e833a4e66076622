package org.sigflow.runtime.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.MemorySegment;
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
 *
 * <p>An <em>off-heap</em> ring ({@link #segment()}) keeps the same layout in native memory, in whole 4 KiB pages,
 * so a memory node can pin it and let the DMA read or write the ring pages directly; {@link #array()} is then null.
 * The runtime picks it only where every end of the ring reaches it through segment views (see
 * {@link org.sigflow.runtime.Block#segmentViews()}).
 */
public final class StreamBuffer {
    private final Dtype dtype;
    private final int itemSize;
    private final int capacity;
    private final int mirror;
    private final int historyBase;
    private final int chunk;
    private final Object array;
    /** The off-heap storage, or null for a ring in a Java array. */
    private final MemorySegment segment;
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
        this(dtype, itemSize, capacity, maxHistory, mirror, chunk, false);
    }

    /**
     * As above; {@code offHeap} keeps the items in native memory instead of a Java array ({@link #segment()}), freed
     * by the garbage collector (a running graph gives its rings an arena it closes at the end: the constructor below).
     */
    public StreamBuffer(Dtype dtype, int itemSize, int capacity, int maxHistory, int mirror, int chunk,
            boolean offHeap) {
        this(dtype, itemSize, capacity, maxHistory, mirror, chunk, offHeap ? Arena.ofAuto() : null);
    }

    /**
     * As above; a non-null {@code offHeap} keeps the items in native memory it allocates ({@link #segment()}),
     * alive until the arena behind it is closed ({@link RingArena}); null keeps them in a Java array.
     */
    public StreamBuffer(Dtype dtype, int itemSize, int capacity, int maxHistory, int mirror, int chunk,
            SegmentAllocator offHeap) {
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
        if (offHeap != null && !tokens) {
            long bytes = (elements * elementBytes(dtype.storage()) + PAGE - 1) & -PAGE; // whole pages, for pinning
            this.segment = offHeap.allocate(Math.max(PAGE, bytes), PAGE); // zeroed: the history before item 0
            this.array = null;
            return;
        }
        this.segment = null;
        this.array = switch (dtype.storage()) {
            case FLOAT -> new float[(int) elements];
            case SHORT -> new short[(int) elements];
            case BYTE -> new byte[(int) elements];
            case INT -> new int[(int) elements];
        };
    }

    /** Bytes of an off-heap ring are allocated (and may be pinned) in multiples of this. */
    public static final long PAGE = 4096;

    /** Bytes per array element of a storage type. */
    public static int elementBytes(Dtype.Storage storage) {
        return switch (storage) {
            case FLOAT, INT -> 4;
            case SHORT -> 2;
            case BYTE -> 1;
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

    /** The ring's Java array ({@code float[]}, {@code short[]} or {@code byte[]}); null for an off-heap ring. */
    public Object array() {
        return array;
    }

    /** The off-heap ring's native memory (element {@code e} at byte {@code e * elementBytes}); null on the heap. */
    public MemorySegment segment() {
        return segment;
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
    /** Whether any reader was attached (an unconnected optional output has none). */
    public boolean hasReaders() {
        return !readers.isEmpty();
    }

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

    /**
     * Free items beyond a space of {@code space} items that ends at the ring's end, from the ring's start (the space
     * and these at most a chunk); 0 when the space ends elsewhere or the ring has a mirror.
     */
    public int spaceAfterEnd(int space) {
        long w = written;
        if (tokens || mirror != 0 || slot(w) + space != capacity) {
            return 0;
        }
        return (int) Math.max(0, Math.min(oldestNeeded() + capacity - w - space, chunk - space));
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
            copyWithin(capacity * itemSize, 0, (end - capacity) * itemSize);
        }
        if (s < mirror) { // written at the ring's start: replicate for windows that run past the end
            int m = Math.min(end, mirror) - s;
            copyWithin(s * itemSize, (capacity + s) * itemSize, m * itemSize);
        }
        written = w + n;
        onWrite.run();
    }

    private void copyWithin(int from, int to, int elements) {
        if (segment == null) {
            System.arraycopy(array, from, array, to, elements);
        } else {
            long b = elementBytes(dtype.storage());
            MemorySegment.copy(segment, from * b, segment, to * b, elements * b);
        }
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
