package org.sigflow.display;

/**
 * Decides when a display sink makes its next frame: at most {@code rate} frames per second of wall time, so the
 * work of making frames stays bounded whatever the sample rate.
 */
public final class FramePacer {
    private long intervalNanos;
    private long next = Long.MIN_VALUE;

    public FramePacer(double framesPerSecond) {
        setRate(framesPerSecond);
    }

    public void setRate(double framesPerSecond) {
        if (!(framesPerSecond > 0) || Double.isInfinite(framesPerSecond)) {
            throw new IllegalArgumentException("update rate must be a positive number of frames per second, got "
                    + framesPerSecond);
        }
        intervalNanos = (long) (1e9 / framesPerSecond);
    }

    /** The time between frames. */
    public long intervalNanos() {
        return intervalNanos;
    }

    /** True (and the next slot is booked) when a frame is due at {@code now}. */
    public boolean due(long now) {
        if (!ready(now)) {
            return false;
        }
        book(now);
        return true;
    }

    /** Whether a frame is due at {@code now}, without booking the slot (see {@link #book}). */
    public boolean ready(long now) {
        return next == Long.MIN_VALUE || now - next >= 0;
    }

    /**
     * A frame was made at {@code now}: the next is due one interval after this one's slot, so a frame made a little
     * late (the sink's thread was busy, or it waited for a view to take the last one) does not slow the rate; one
     * later than a whole interval starts the cadence again from {@code now}.
     */
    public void book(long now) {
        next = next != Long.MIN_VALUE && now - next < intervalNanos ? next + intervalNanos : now + intervalNanos;
    }
}
