package org.sigflow.blocks.common;

import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;

/**
 * Length tags of tagged streams (GNU Radio's tagged_stream_block): a packet's item count, as a tag on its first item.
 * Shared by the PDU blocks, the tagged-stream mux and the OFDM blocks.
 */
public final class LengthTags {
    /** The largest packet the tagged-stream blocks take (items): GNU Radio's PDU blocks cap theirs the same way. */
    public static final int MAX_PACKET = 1 << 26;

    private LengthTags() {}

    /**
     * The length of the packet starting at the input's next item: the value of its {@code key} tag, at least
     * {@code min} and at most {@link #MAX_PACKET}.
     *
     * @param who the block (and input) named in the message
     * @throws IllegalStateException when the item has no such tag or its value is not an item count in range
     */
    public static int at(InputView in, String key, int min, String who) {
        for (Tag t : in.tags(1)) {
            if (t.key().equals(key) && t.offset() == in.position()) {
                if (t.value() instanceof Number n && n.longValue() >= min && n.longValue() <= MAX_PACKET) {
                    return n.intValue();
                }
                throw new IllegalStateException(who + ": length tag '" + key + "' at item " + t.offset()
                        + " must be an item count from " + min + " to " + MAX_PACKET + ", got " + t.value());
            }
        }
        throw new IllegalStateException(who + ": item " + in.position() + " starts a packet but has no length tag '"
                + key + "' (a tagged stream is expected, e.g. from stream_to_tagged_stream)");
    }

    /**
     * The length of the packet at the input's next item once all of it is readable, else -1 (also with no input
     * yet: call again later).
     *
     * @throws IllegalStateException when the stream ends inside the packet, or as {@link #at}
     */
    public static int whole(InputView in, String key, int min, String who) {
        if (in.available() == 0) {
            return -1;
        }
        int n = at(in, key, min, who);
        if (in.available() >= n) {
            return n;
        }
        if (in.finished()) {
            throw new IllegalStateException(who + ": the stream ends inside a packet of " + n + " items");
        }
        return -1;
    }
}
