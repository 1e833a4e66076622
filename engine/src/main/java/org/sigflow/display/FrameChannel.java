package org.sigflow.display;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands frames from a display sink's thread to a view at display rate: the latest frame wins. Publishing never
 * blocks; a frame replaced before anyone took it counts as dropped (a slow view costs frames, never samples).
 */
public final class FrameChannel {
    private final AtomicReference<DisplayFrame> latest = new AtomicReference<>();
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** Called by the sink; replaces an untaken frame (and counts it as dropped). */
    public void publish(DisplayFrame frame) {
        published.incrementAndGet();
        if (latest.getAndSet(frame) != null) {
            dropped.incrementAndGet();
        }
    }

    /** The newest frame not yet taken, or {@code null}; safe from any thread. */
    public DisplayFrame take() {
        return latest.getAndSet(null);
    }

    public long published() {
        return published.get();
    }

    /** Frames replaced by a newer one before a view took them. */
    public long dropped() {
        return dropped.get();
    }
}
