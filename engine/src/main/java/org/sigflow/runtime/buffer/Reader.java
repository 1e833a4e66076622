package org.sigflow.runtime.buffer;

import java.util.List;
import org.sigflow.runtime.Tag;

/** One consumer's view of a {@link StreamBuffer}: its own read position and history. */
public final class Reader {
    private final StreamBuffer buffer;
    private final int history;
    private volatile long position;
    private volatile boolean detached;

    Reader(StreamBuffer buffer, int history) {
        this.buffer = buffer;
        this.history = history;
    }

    public StreamBuffer buffer() {
        return buffer;
    }

    public int history() {
        return history;
    }

    /** Absolute index of the next unread item. */
    public long position() {
        return position;
    }

    boolean detached() {
        return detached;
    }

    /** Items readable now, contiguous from {@link #readOffset()} with the history before it. */
    public int available() {
        long p = position;
        long avail = buffer.written() - p;
        if (buffer.isTokens()) {
            return (int) Math.max(0, Math.min(avail, buffer.chunk()));
        }
        int start = buffer.slot(p - (history - 1));
        // slots [capacity, capacity + mirror) replicate [0, mirror): a window may run up to capacity + mirror
        int contiguous = buffer.capacity() + buffer.mirror() - start - (history - 1);
        return (int) Math.max(0, Math.min(Math.min(avail, contiguous), buffer.chunk()));
    }

    /**
     * Items written beyond a window of {@code available} items that ends at the ring's end, from the ring's start
     * (the window and these at most a chunk); 0 when the window ends elsewhere or the ring has a mirror or history.
     */
    public int availableAfterEnd(int available) {
        if (buffer.isTokens() || buffer.mirror() != 0 || history != 1
                || buffer.slot(position) + available != buffer.capacity()) {
            return 0;
        }
        return (int) Math.max(0, Math.min(buffer.written() - position - available, buffer.chunk() - available));
    }

    /** Items written but not yet read (may exceed {@link #available()} across the ring's end). */
    public long remaining() {
        return buffer.written() - position;
    }

    /** True when the writer finished and everything has been read. */
    public boolean finished() {
        return buffer.writerDone() && position >= buffer.written();
    }

    /** True when the writer finished (items may remain). */
    public boolean writerDone() {
        return buffer.writerDone();
    }

    /** Element index of the item at {@link #position()}. */
    public int readOffset() {
        long p = position;
        return (buffer.slot(p - (history - 1)) + history - 1) * buffer.itemSize();
    }

    public void consume(int n) {
        if (n <= 0) {
            return;
        }
        position = position + n;
        buffer.pruneTags();
        buffer.readerMoved();
    }

    public List<Tag> tags(long from, long to) {
        return buffer.tags(from, to);
    }

    /** This reader will read no more: the writer no longer waits for it. */
    public void detach() {
        detached = true;
        buffer.readerMoved();
    }
}
