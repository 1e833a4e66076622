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

    float[] floats();

    short[] shorts();

    byte[] bytes();

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
