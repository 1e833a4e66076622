package org.sigflow.blocks.common;

import java.util.function.BooleanSupplier;

/**
 * Lets items pass no faster than a rate, as a sound card would take them (the audio sink without a device); its clock
 * also paces {@code throttle}: item k is due at {@code t0 + k / rate}, t0
 * being the first call, so rounding never accumulates into drift. Waits in slices of at most 10 ms and gives up early
 * when asked to stop.
 */
public final class Pace {
    static final long MAX_SLEEP_NANOS = 10_000_000L;

    /** Time source, replaceable in tests. */
    public interface Clock {
        long nanoTime();

        void sleepNanos(long nanos) throws InterruptedException;
    }

    public static final Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepNanos(long nanos) throws InterruptedException {
            Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
        }
    };

    private final double rate;
    private final Clock clock;
    private boolean started;
    private long t0;
    private long passed;

    public Pace(double rate, Clock clock) {
        this.rate = rate;
        this.clock = clock;
    }

    /** Items worth 10 ms (at least one): a caller passing no more per call stops within about 10 ms. */
    public int maxChunk() {
        return (int) Math.max(1, Math.min(1 << 20, rate * (MAX_SLEEP_NANOS / 1e9)));
    }

    /** Waits until {@code n} more items are due; returns how many may pass (fewer only when {@code stop} says so). */
    public int await(int n, BooleanSupplier stop) throws InterruptedException {
        if (!started) {
            t0 = clock.nanoTime();
            started = true;
        }
        long due = t0 + (long) Math.ceil((passed + n) * 1e9 / rate);
        for (long now = clock.nanoTime(); now < due; now = clock.nanoTime()) {
            if (stop.getAsBoolean()) {
                n = (int) Math.max(0, Math.min(n, (long) Math.floor((now - t0) * rate / 1e9) - passed));
                break;
            }
            clock.sleepNanos(Math.min(due - now, MAX_SLEEP_NANOS));
        }
        passed += n;
        return n;
    }
}
