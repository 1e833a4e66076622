package org.sigflow.blocks.common;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A tagged-stream block that handles one whole packet at a time (GNU Radio's tagged_stream_block): {@link #packet} is
 * called once all of the next packet is readable; it places the output's tags itself.
 */
public abstract class WholePacketBlock implements Block {
    protected final String key;
    private final String who;

    /**
     * @param key the length tag key
     * @param who the block named in messages
     */
    protected WholePacketBlock(String key, String who) {
        this.key = key;
        this.who = who;
    }

    /**
     * The packet of {@code n} items at the input's next item: consume it (and produce its output), or return without
     * consuming when the output lacks space (it is offered again).
     */
    protected abstract void packet(WorkIo io, InputView in, OutputView out, int n);

    @Override
    public final TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }

    @Override
    public final WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = LengthTags.whole(in, key, 0, who);
        if (n < 0) {
            return in.finished() && in.available() == 0 ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        packet(io, in, io.out(0), n);
        return WorkResult.CONTINUE;
    }
}
