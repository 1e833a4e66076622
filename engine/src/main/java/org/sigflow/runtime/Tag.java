package org.sigflow.runtime;

import java.util.Objects;

/**
 * A stream tag: metadata attached to the item at an absolute offset of a stream (counted from the stream's first
 * item). Values are immutable objects (numbers, strings, {@link org.sigflow.expr.Value}s).
 */
public record Tag(long offset, String key, Object value) {
    public Tag {
        Objects.requireNonNull(key, "key");
        if (offset < 0) {
            throw new IllegalArgumentException("tag offset must be >= 0: " + offset);
        }
    }

    public Tag withOffset(long newOffset) {
        return new Tag(newOffset, key, value);
    }
}
