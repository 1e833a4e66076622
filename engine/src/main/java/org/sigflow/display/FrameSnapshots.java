package org.sigflow.display;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * A display sink's frames as copies of its newest samples, turned into traces only when a view takes one (on the
 * view's thread, under this object's lock). Three sample buffers are reused: one waiting in the channel, one being
 * made into a frame, one being filled; the sink's thread allocates nothing per frame.
 */
public final class FrameSnapshots {
    private final ArrayBlockingQueue<Snapshot> free = new ArrayBlockingQueue<>(3);
    private final java.util.function.BiFunction<float[], Long, List<float[]>> traces;
    private final DoubleSupplier xStart;
    private final DoubleSupplier xStep;

    /**
     * @param traces makes a frame's traces from its samples (oldest first); must not keep the array
     * @param xStart the frames' first x, {@code xStep} their spacing (see {@link DisplayFrame})
     */
    public FrameSnapshots(int floats, Function<float[], List<float[]>> traces, DoubleSupplier xStart,
                          DoubleSupplier xStep) {
        this(floats, (samples, count) -> traces.apply(samples), xStart, xStep);
    }

    /**
     * As above, for traces that depend on where the samples sit in the stream ({@code traces} gets the frame's
     * sample count too: a time raster aligns its rows to it).
     */
    public FrameSnapshots(int floats, java.util.function.BiFunction<float[], Long, List<float[]>> traces,
                          DoubleSupplier xStart, DoubleSupplier xStep) {
        this.traces = traces;
        this.xStart = xStart;
        this.xStep = xStep;
        for (int i = 0; i < 3; i++) {
            free.add(new Snapshot(new float[floats]));
        }
    }

    /**
     * Copies the newest samples and publishes them as frame {@code sequence}; false (nothing published) when every
     * buffer is in use, i.e. views still hold the last ones.
     */
    public boolean publish(FrameChannel channel, LatestSamples latest, long sequence, long sampleCount) {
        Snapshot s = free.poll();
        if (s == null) {
            return false;
        }
        latest.copyTo(s.samples);
        s.sequence = sequence;
        s.sampleCount = sampleCount;
        channel.publish(s);
        return true;
    }

    private final class Snapshot implements FrameChannel.Deferred {
        final float[] samples;
        long sequence;
        long sampleCount;

        Snapshot(float[] samples) {
            this.samples = samples;
        }

        @Override
        public DisplayFrame make() {
            try {
                synchronized (FrameSnapshots.this) {
                    return new DisplayFrame(sequence, xStart.getAsDouble(), xStep.getAsDouble(), traces.apply(samples,
                            sampleCount), sampleCount);
                }
            } finally {
                free.offer(this);
            }
        }

        @Override
        public void discard() {
            free.offer(this);
        }
    }
}
