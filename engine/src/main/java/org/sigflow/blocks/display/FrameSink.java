package org.sigflow.blocks.display;

import java.util.List;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.DisplaySink;
import org.sigflow.display.FrameChannel;
import org.sigflow.display.FramePacer;
import org.sigflow.display.LatestSamples;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Base of the display sinks: consumes everything at once (never back-pressure), keeps the newest {@code frameItems}
 * samples and, when the pacer says a frame is due, turns them into a {@link DisplayFrame} on the sink's thread.
 */
abstract class FrameSink implements Block, DisplaySink {
    private final FrameChannel channel = new FrameChannel();
    private final FramePacer pacer;
    private final LatestSamples latest;
    private final float[] frameSamples;
    private long sequence;
    private long consumed;

    FrameSink(int frameItems, int components, double updateRate) {
        this.pacer = new FramePacer(updateRate);
        this.latest = new LatestSamples(frameItems, components);
        this.frameSamples = new float[frameItems * components];
    }

    /** Makes the traces of one frame from the newest samples (oldest first). */
    abstract List<float[]> traces(float[] samples);

    abstract double xStart();

    abstract double xStep();

    /** Handles the runtime params a subclass has; {@code update_rate} is handled here. */
    void apply(String paramId, Value value) {
        throw new IllegalArgumentException("parameter '" + paramId + "' cannot be changed while running");
    }

    @Override
    public final WorkResult work(WorkIo io) {
        InputView in = io.in(0);
        int n = in.available();
        if (n == 0) {
            return in.finished() ? WorkResult.DONE : WorkResult.CONTINUE;
        }
        latest.append(in.floats(), in.offset(), n);
        io.consume(0, n);
        consumed += n;
        if (latest.full() && pacer.due(System.nanoTime())) {
            latest.copyTo(frameSamples);
            channel.publish(new DisplayFrame(++sequence, xStart(), xStep(), traces(frameSamples), consumed));
        }
        return WorkResult.CONTINUE;
    }

    @Override
    public final void applyParam(String paramId, Value value) {
        if (paramId.equals("update_rate")) {
            pacer.setRate(value.asDouble());
        } else {
            apply(paramId, value);
        }
    }

    @Override
    public final FrameChannel frames() {
        return channel;
    }

    @Override
    public TagPolicy tagPolicy() {
        return TagPolicy.DONT;
    }
}
