package org.sigflow.blocks.common;

import org.sigflow.runtime.Block;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * A finite float source of whole frames: frame {@code f} ({@code itemsPerFrame} items of {@code floatsPerItem}
 * floats) is a pure function of {@code f}, written by the {@link Writer}; the stream ends after {@code frames}.
 */
public final class FrameSource implements Block {
    /** Writes frame {@code f} at {@code out[off]}. */
    @FunctionalInterface
    public interface Writer {
        void write(long f, float[] out, int off);
    }

    private final long frames;
    private final int itemsPerFrame;
    private final int floatsPerFrame;
    private final Writer writer;
    private long next;

    public FrameSource(long frames, int itemsPerFrame, int floatsPerItem, Writer writer) {
        if (frames < 0) {
            throw new IllegalArgumentException("the number of frames must be >= 0, got " + frames);
        }
        this.frames = frames;
        this.itemsPerFrame = itemsPerFrame;
        this.floatsPerFrame = itemsPerFrame * floatsPerItem;
        this.writer = writer;
    }

    @Override
    public WorkResult work(WorkIo io) {
        OutputView out = io.out(0);
        int n = (int) Math.min(out.space() / itemsPerFrame, frames - next);
        if (n <= 0) {
            return next >= frames ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        for (int k = 0; k < n; k++) {
            writer.write(next + k, out.floats(), out.offset() + k * floatsPerFrame);
        }
        io.produce(0, n * itemsPerFrame);
        next += n;
        return WorkResult.CONTINUE;
    }

    @Override
    public int outputMultiple() {
        return itemsPerFrame;
    }
}
