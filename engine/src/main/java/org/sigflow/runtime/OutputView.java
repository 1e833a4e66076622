package org.sigflow.runtime;

/**
 * Writable space of one output: item k of this call starts at element {@code offset() + k * itemSize()} for
 * {@code 0 <= k < space()}, contiguous.
 */
public interface OutputView {

    /** Items that can be written now. */
    int space();

    int offset();

    int itemSize();

    /** Absolute index of the next item to be produced (items produced so far). */
    long position();

    /** The ring's Java array; only when {@link #segment()} is null. */
    float[] floats();

    short[] shorts();

    byte[] bytes();

    /** The ring's Java array of an s32 stream; only when {@link #segment()} is null. */
    default int[] ints() {
        throw new UnsupportedOperationException("this output has no int storage");
    }

    /**
     * The ring's storage when it lives off the Java heap (element {@code e} at byte {@code e} × element size), else
     * null: then the arrays above hold the items. Only blocks that say {@link Block#segmentViews()} get such rings.
     */
    default java.lang.foreign.MemorySegment segment() {
        return null;
    }

    /**
     * On an off-heap ring whose space ends at the ring's end: free items beyond {@link #space()} from the ring's
     * start (at most a chunk in all), else 0. A memory node's DMA writes them ahead across the ring's end; they are
     * produced in a later call, whose space starts there.
     */
    default int spaceAfterEnd() {
        return 0;
    }

    /**
     * This call made no progress for want of {@code items} of room here (a block that writes only whole pages): while
     * the space is less, the runner counts the output as blocked, so once the inputs are exhausted it waits for the
     * reader instead of ending the block with what it still holds.
     */
    default void needsRoom(int items) {}

    /** Whether any input reads this output (an unconnected optional output has no reader). */
    default boolean connected() {
        return true;
    }

    /** Attaches a tag to an item at an absolute offset {@code >= position()} of this output. */
    void addTag(long offset, String key, Object value);

    /** What this output has attached to its edge (see {@link #attach}); null if nothing. */
    default Object attachment() {
        return null;
    }

    /**
     * Attaches an object to this output's edge for its readers (a CUDA edge's page ring). Set it before the first
     * {@link WorkIo#produce}: publishing items publishes the attachment with them.
     */
    default void attach(Object attachment) {
        throw new UnsupportedOperationException("this output cannot carry an attachment");
    }
}
