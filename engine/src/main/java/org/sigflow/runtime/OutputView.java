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
}
