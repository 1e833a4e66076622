package org.sigflow.blocks.ofdm;

import java.util.List;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.Tag;
import org.sigflow.runtime.WorkIo;

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

    /**
     * The length of the packet at the input's next item once all of it is readable, else -1 (call again later).
     *
     * @throws IllegalStateException when the stream ends inside the packet
     */
    static int whole(InputView in, String key, String block) {
        int n = lengthAt(in, key, block);
        if (in.available() >= n) {
            return n;
        }
        if (in.finished()) {
            throw new IllegalStateException(block + ": the stream ends inside a packet of " + n + " items");
        }
        return -1;
    }

    /** Ends a packet: its length tag on the first output item, the packet consumed, its output published. */
    static void emit(WorkIo io, String key, int consumed, int produced) {
        io.out(0).addTag(io.out(0).position(), key, (long) produced);
        io.consume(0, consumed);
        io.produce(0, produced);
    }
}
