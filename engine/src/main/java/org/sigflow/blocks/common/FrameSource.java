package org.sigflow.blocks.common;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A finite float source of whole frames: frame {@code f} ({@code itemsPerFrame} items of {@code floatsPerItem}
 * floats) is a pure function of {@code f}, written by {@link #writeFrame}; the stream ends after {@code frames}.
 */
public abstract class FrameSource implements Block {
    private final long frames;
    private final int itemsPerFrame;
    private final int floatsPerFrame;
    private long next;

    protected FrameSource(long frames, int itemsPerFrame, int floatsPerItem) {
        if (frames < 0) {
            throw new IllegalArgumentException("the number of frames must be >= 0, got " + frames);
        }
        this.frames = frames;
        this.itemsPerFrame = itemsPerFrame;
        this.floatsPerFrame = itemsPerFrame * floatsPerItem;
    }

    /** Writes frame {@code f} at {@code out[off]}. */
    protected abstract void writeFrame(long f, float[] out, int off);

    @Override
    public final WorkResult work(WorkIo io) {
        OutputView out = io.out(0);
        int n = (int) Math.min(out.space() / itemsPerFrame, frames - next);
        if (n <= 0) {
            return next >= frames ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        for (int k = 0; k < n; k++) {
            writeFrame(next + k, out.floats(), out.offset() + k * floatsPerFrame);
        }
        io.produce(0, n * itemsPerFrame);
        next += n;
        return WorkResult.CONTINUE;
    }

    @Override
    public final int outputMultiple() {
        return itemsPerFrame;
    }
}
