package org.sigflow.runtime;

import java.util.List;

/**
 * Readable items of one input. Items are stored in a primitive array ({@code float[]} for cf32/f32, interleaved
 * re/im for complex; {@code short[]} for s16/cs16; {@code byte[]} for s8/cs8/u8); an item is {@link #itemSize()}
 * elements (vlen × components). Item k of this call starts at element {@code offset() + k * itemSize()}, for
 * {@code -(history-1) <= k < available()}: the array is contiguous over that whole window.
 */
public interface InputView {

    /** Items readable now. */
    int available();

    /** True when the upstream block has finished: nothing beyond {@link #available()} will ever come. */
    boolean finished();

    /** True once the upstream block has finished, though items may be left beyond this call's window. */
    default boolean upstreamDone() {
        return finished();
    }

    /** Element index of the first unconsumed item. */
    int offset();

    /** Elements per item (vlen × components of the dtype). */
    int itemSize();

    /** Absolute index of the first unconsumed item (items consumed so far). */
    long position();

    /** The ring's Java array; only when {@link #segment()} is null. */
    float[] floats();

    short[] shorts();

    byte[] bytes();

    /** The ring's Java array of an s32 stream; only when {@link #segment()} is null. */
    default int[] ints() {
        throw new UnsupportedOperationException("this input has no int storage");
    }

    /**
     * The ring's storage when it lives off the Java heap (element {@code e} at byte {@code e} × element size), else
     * null: then the arrays above hold the items. Only blocks that say {@link Block#segmentViews()} get such rings.
     */
    default java.lang.foreign.MemorySegment segment() {
        return null;
    }

    /**
     * On an off-heap ring whose window ends at the ring's end: items readable beyond {@link #available()} from the
     * ring's start (at most a chunk in all), else 0. A memory node's DMA queues them ahead across the ring's end;
     * they are consumed in a later call, whose window starts there.
     */
    default int availableAfterEnd() {
        return 0;
    }

    /** Tags on items {@code [position(), position() + n)}, in offset order. */
    List<Tag> tags(int n);

    /** What the writer attached to this edge (a CUDA edge's page ring); null on sample edges. */
    default Object attachment() {
        return null;
    }
}
