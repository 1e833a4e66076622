package org.sigflow.display;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands frames from a display sink's thread to a view at display rate: the latest frame wins. Publishing never
 * blocks; a frame replaced before anyone took it counts as dropped (a slow view costs frames, never samples).
 * A sink may publish a {@link Deferred} frame (samples only): whoever takes it makes the traces (the FFT, say) on
 * its own thread, so a graph whose frames nobody takes spends nothing on them.
 */
public final class FrameChannel {
    private final AtomicReference<Object> latest = new AtomicReference<>();
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** A frame made when taken, on the taker's thread. */
    public interface Deferred {
        /** Makes the frame; called at most once, by the thread that took it. */
        DisplayFrame make();

        /** The frame was replaced before anyone took it (its buffers may be reused). */
        void discard();
    }

    /** Called by the sink; replaces an untaken frame (and counts it as dropped). */
    public void publish(DisplayFrame frame) {
        replace(frame);
    }

    /** Called by the sink: a frame to be made by whoever takes it. */
    public void publish(Deferred frame) {
        replace(frame);
    }

    private void replace(Object frame) {
        published.incrementAndGet();
        Object old = latest.getAndSet(frame);
        if (old != null) {
            dropped.incrementAndGet();
            if (old instanceof Deferred d) {
                d.discard();
            }
        }
    }

    /** The newest frame not yet taken, or {@code null}; safe from any thread (a deferred one is made here). */
    public DisplayFrame take() {
        Object f = latest.getAndSet(null);
        return f instanceof Deferred d ? d.make() : (DisplayFrame) f;
    }

    /** Whether a published frame waits to be taken (a sink may then hold its next one until a view is ready). */
    public boolean pending() {
        return latest.get() != null;
    }

    public long published() {
        return published.get();
    }

    /** Frames replaced by a newer one before a view took them. */
    public long dropped() {
        return dropped.get();
    }
}
