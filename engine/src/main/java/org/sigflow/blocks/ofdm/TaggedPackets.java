package org.sigflow.blocks.ofdm;

import org.sigflow.blocks.common.LengthTags;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.WorkIo;

/** Whole packets of a tagged stream for the OFDM blocks ({@link LengthTags} reads the packet's length). */
final class TaggedPackets {
    private TaggedPackets() {}

    /**
     * The length of the packet at the input's next item once all of it is readable, else -1 (call again later).
     *
     * @throws IllegalStateException when the stream ends inside the packet
     */
    static int whole(InputView in, String key, String block) {
        int n = LengthTags.at(in, key, 0, block);
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
