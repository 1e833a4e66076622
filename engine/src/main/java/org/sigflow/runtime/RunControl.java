package org.sigflow.runtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** State shared by all runners of one run: the stop request, the first failure, and who is still running. */
final class RunControl {
    private volatile boolean stopRequested;
    private final AtomicReference<BlockFailure> failure = new AtomicReference<>();
    private final CountDownLatch running;
    /** Opened once every runner's thread is started: no block works while the graph is still being started. */
    private final CountDownLatch gate = new CountDownLatch(1);
    private final long startNanos = System.nanoTime();
    private volatile long endNanos;
    /** When the first stop was asked (by a user or a failure); 0 if none. */
    private volatile long stopNanos;
    private Runnable wakeAll = () -> {};
    /** Runs once the last runner has finished, before {@link #latch()} opens (frees the graph's rings). */
    private Runnable afterLast = () -> {};

    /** Runners of blocks that are not {@link Block#background()}: when the last ends, the background ones end. */
    private final java.util.concurrent.atomic.AtomicInteger foreground;
    private volatile boolean foregroundDone;

    RunControl(int runners) {
        this(runners, runners);
    }

    RunControl(int runners, int foregroundRunners) {
        running = new CountDownLatch(runners);
        foreground = new java.util.concurrent.atomic.AtomicInteger(foregroundRunners);
    }

    /** True once every foreground block has ended (never in a graph of background blocks only). */
    boolean foregroundDone() {
        return foregroundDone;
    }

    void wakeAllWith(Runnable r) {
        wakeAll = r;
    }

    /** Sets what runs after the last runner (before any runner starts). */
    void afterLastRunner(Runnable r) {
        afterLast = r;
    }

    /** Set when the graph could not start all its runners: those started end without starting their blocks. */
    private volatile boolean startAborted;

    void abortStart() {
        startAborted = true;
        requestStop();
    }

    boolean startAborted() {
        return startAborted;
    }

    boolean stopRequested() {
        return stopRequested;
    }

    void requestStop() {
        if (stopNanos == 0) {
            stopNanos = System.nanoTime();
        }
        stopRequested = true;
        wakeAll.run();
    }

    /** Records the first failure and stops the graph; later failures are consequences and are dropped. */
    void fail(BlockFailure f) {
        failure.compareAndSet(null, f);
        requestStop();
    }

    BlockFailure failure() {
        return failure.get();
    }

    /** Lets every runner go (once all are started, or when starting failed). */
    void openGate() {
        gate.countDown();
    }

    /** Waits until {@link #openGate()}: blocks do not compete with the thread still starting the others. */
    void awaitGate() {
        boolean interrupted = false;
        while (gate.getCount() > 0) {
            try {
                gate.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The end time is set before the last count-down, so whoever the latch wakes already sees it. */
    synchronized void runnerDone(boolean background) {
        if (!background && foreground.decrementAndGet() == 0) {
            foregroundDone = true; // not a stop: the graph completes once its background blocks have ended too
            wakeAll.run();
        }
        if (running.getCount() == 1) {
            endNanos = System.nanoTime();
            try {
                afterLast.run(); // whoever the latch wakes finds the graph's rings already freed
            } catch (RuntimeException e) {
                fail(new BlockFailure(null, null, "freeing the graph's rings failed: " + e.getMessage(), e));
            }
        }
        running.countDown();
    }

    CountDownLatch latch() {
        return running;
    }

    /** Seconds from the first stop request (or failure) until every runner finished; NaN if none or still running. */
    double stopSeconds() {
        long asked = stopNanos;
        long end = endNanos;
        return asked == 0 || end == 0 ? Double.NaN : Math.max(0, end - asked) / 1e9;
    }

    double elapsedSeconds() {
        long end = endNanos != 0 ? endNanos : System.nanoTime();
        return (end - startNanos) / 1e9;
    }
}
