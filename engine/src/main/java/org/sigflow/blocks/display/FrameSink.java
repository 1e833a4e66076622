package org.sigflow.blocks.display;

import java.util.List;
import org.sigflow.display.DisplaySink;
import org.sigflow.display.FrameChannel;
import org.sigflow.display.FramePacer;
import org.sigflow.display.FrameSnapshots;
import org.sigflow.display.LatestSamples;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.TagPolicy;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * Base of the display sinks: consumes everything at once (never back-pressure). It samples rather than processes
 * its input: only when a frame is due (or input comes in pieces smaller than a frame) are the newest
 * {@code frameItems} samples kept, then copied into a reused buffer and published as a deferred frame; the traces
 * (FFT, de-interleaving) are made by whoever takes the frame, on its thread (a view at display rate), so the sink's
 * thread does no per-frame maths and allocates nothing, and a frame nobody takes costs only its copy.
 */
abstract class FrameSink implements Block, DisplaySink {
    private final FrameChannel channel = new FrameChannel();
    private final FramePacer pacer;
    private final LatestSamples latest;
    private final FrameSnapshots snapshots;
    private long sequence;
    private long consumed;
    /** When the frame now waiting in the channel was published. */
    private long publishedAt;
    /** The sink's clock (tests give their own). */
    java.util.function.LongSupplier clock = System::nanoTime;

    FrameSink(int frameItems, int components, double updateRate) {
        this.pacer = new FramePacer(updateRate);
        this.latest = new LatestSamples(frameItems, components);
        this.snapshots = new FrameSnapshots(frameItems * components, 
                (java.util.function.BiFunction<float[], Long, List<float[]>>) this::traces, this::xStart, this::xStep);
    }

    /** Makes the traces of one frame from the newest samples (oldest first). */
    abstract List<float[]> traces(float[] samples);

    /**
     * Makes the traces of one frame whose last sample is item {@code sampleCount - 1} of the stream; by default
     * {@link #traces(float[])} (sinks whose picture depends on the stream position override this).
     */
    List<float[]> traces(float[] samples, long sampleCount) {
        return traces(samples);
    }

    /** The frames' first x; 0 unless a sink says otherwise. */
    double xStart() {
        return 0;
    }

    /** Whether the input is a byte stream (read as signed int8, as GNU Radio's byte sinks); else float-stored. */
    boolean byteInput() {
        return false;
    }

    private float[] byteScratch = new float[0];

    /** The next {@code n} bytes of {@code in} as floats (a reused buffer). */
    private float[] signedBytes(InputView in, int n) {
        if (byteScratch.length < n) {
            byteScratch = new float[Math.max(n, 2 * byteScratch.length)];
        }
        byte[] b = in.bytes();
        for (int i = 0; i < n; i++) {
            byteScratch[i] = b[in.offset() + i];
        }
        return byteScratch;
    }

    /** A frame's trace as floats (traces are float arrays; sinks that average keep doubles). */
    static float[] floats(double[] values) {
        float[] out = new float[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) values[i];
        }
        return out;
    }

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
        long now = clock.getAsLong();
        boolean due = pacer.ready(now);
        if (due || n < latest.capacity()) {
            if (byteInput()) {
                latest.append(signedBytes(in, n), 0, n);
            } else {
                latest.append(in.floats(), in.offset(), n);
            }
        } else {
            latest.forget(); // a whole frame's worth passes unseen between frames: no copy
        }
        io.consume(0, n);
        consumed += n;
        if (due && latest.full() && !waitForTaker(now) && snapshots.publish(channel, latest, sequence + 1, consumed)) {
            sequence++;
            pacer.book(now);
            publishedAt = now;
        }
        return WorkResult.CONTINUE;
    }

    /**
     * Whether a due frame waits because the last one was not taken yet: the sink's rate follows the view's (a view
     * polled each JavaFX pulse at 59.3 pulses/s would otherwise lose frames of a 60 frames/s sink to the beat), and
     * the view then draws each frame made. A frame left untaken for four intervals (at least 100 ms: nobody looks, or
     * the view stalls) is replaced, and counts as dropped, so a view that comes back shows fresh samples.
     */
    private boolean waitForTaker(long now) {
        return channel.pending() && now - publishedAt < Math.max(4 * pacer.intervalNanos(), 100_000_000L);
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
