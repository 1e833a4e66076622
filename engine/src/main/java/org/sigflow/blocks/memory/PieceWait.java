package org.sigflow.blocks.memory;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import jcuda.driver.CUevent;
import org.sigflow.cuda.Events;

/**
 * How {@link RingDma}'s waiter thread waits for a DMA piece ({@code -Dsigflow.memory.dmaWait}):
 * <ul>
 *   <li>{@code blocking}: sleeps in {@code cuEventSynchronize} on a blocking-sync event (interrupt and futex wake-up
 *       per piece; measured on an H100, 2026-11-27, it often came after the other piece in flight had finished, and
 *       the link idled);</li>
 *   <li>{@code spin}: polls the event until it is done (CUDA's own default where cores outnumber GPUs; a core per
 *       node while pieces are in flight);</li>
 *   <li>{@code paced} (default): sleeps until shortly before the piece should be done, at the rate the link has shown
 *       for earlier pieces, then polls: the wake-up of {@code spin} for a fraction of its CPU time.</li>
 * </ul>
 */
enum PieceWait {
    BLOCKING, SPIN, PACED;

    /** Polling this long without the piece done falls back to a blocking wait (a stalled device, a debugger). */
    private static final long SPIN_LIMIT_NANOS = 5_000_000L;
    /** How early a paced waiter wakes before the expected end: the timer's slack plus the link's jitter. */
    private static final long EARLY_NANOS = 25_000L;

    static PieceWait configured() {
        String v = System.getProperty("sigflow.memory.dmaWait", "paced").trim().toUpperCase(Locale.ROOT);
        try {
            return valueOf(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sigflow.memory.dmaWait must be blocking, spin or paced, not '"
                    + v.toLowerCase(Locale.ROOT) + "'", e);
        }
    }

    /**
     * Waits until {@code e} is done. {@code since}: when the piece became the oldest in flight (queued, or the one
     * before it seen done), {@code expectNanos} its expected copy time from then (0: unknown, poll at once). Returns
     * true when the piece was seen not yet done at least once after any sleep (its end time is then exact).
     */
    boolean await(CUevent e, long since, long expectNanos) {
        if (this == BLOCKING) {
            Events.sync(e);
            return false;
        }
        if (this == PACED && expectNanos > EARLY_NANOS) {
            long wakeAt = since + expectNanos - EARLY_NANOS;
            for (long now = System.nanoTime(); now < wakeAt; now = System.nanoTime()) {
                LockSupport.parkNanos(this, wakeAt - now);
            }
        }
        long spinStart = System.nanoTime();
        boolean exact = false;
        while (!Events.done(e)) {
            exact = true;
            if (System.nanoTime() - spinStart > SPIN_LIMIT_NANOS) {
                Events.sync(e);
                return false;
            }
            Thread.onSpinWait();
        }
        return exact;
    }

    /**
     * Sets the calling thread's timer slack to 1 µs (Linux {@code prctl(PR_SET_TIMERSLACK)}; default 50 µs), so a
     * paced sleep ends when asked; elsewhere nothing.
     */
    static void tightTimer() {
        try {
            MethodHandle prctl = org.sigflow.runtime.LibC.bind("prctl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG),
                    Linker.Option.firstVariadicArg(1));
            if (prctl != null) {
                int unused = (int) prctl.invokeExact(29, 1000L); // PR_SET_TIMERSLACK
            }
        } catch (Throwable t) { // no native access, not Linux: the default slack (a paced sleep may end later)
        }
    }
}
