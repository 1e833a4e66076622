package org.sigflow.blocks.ofdm;

import java.util.List;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;

/** Length tags of tagged streams (GNU Radio's tagged_stream_block): a packet's item count on its first item. */
final class TaggedPackets {
    private TaggedPackets() {}

    /**
     * The length of the packet starting at the input's next item: the value of the {@code key} tag there.
     *
     * @throws IllegalStateException naming the block when the item has no such tag or its value is not a count
     */
    static int lengthAt(InputView in, String key, String block) {
        for (Tag t : in.tags(1)) {
            if (t.key().equals(key) && t.offset() == in.position()) {
                if (t.value() instanceof Number n && n.longValue() >= 0 && n.longValue() <= Integer.MAX_VALUE) {
                    return n.intValue();
                }
                throw new IllegalStateException(block + ": length tag '" + key + "' at item " + t.offset()
                        + " is not an item count: " + t.value());
            }
        }
        throw new IllegalStateException(block + ": item " + in.position() + " starts a packet but has no length tag '"
                + key + "' (a tagged stream is expected, e.g. from stream_to_tagged_stream)");
    }

    /** The tags on the next {@code n} items other than the {@code key} length tags. */
    static List<Tag> others(InputView in, int n, String key) {
        return in.tags(n).stream().filter(t -> !t.key().equals(key)).toList();
    }
}
