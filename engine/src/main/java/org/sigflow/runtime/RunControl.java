package org.sigflow.runtime;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** State shared by all runners of one run: the stop request, the first failure, and who is still running. */
final class RunControl {
    private volatile boolean stopRequested;
    private final AtomicReference<BlockFailure> failure = new AtomicReference<>();
    private final CountDownLatch running;
    private final long startNanos = System.nanoTime();
    private volatile long endNanos;
    private Runnable wakeAll = () -> {};

    RunControl(int runners) {
        running = new CountDownLatch(runners);
    }

    void wakeAllWith(Runnable r) {
        wakeAll = r;
    }

    boolean stopRequested() {
        return stopRequested;
    }

    void requestStop() {
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

    void runnerDone() {
        running.countDown();
        if (running.getCount() == 0) {
            endNanos = System.nanoTime();
        }
    }

    CountDownLatch latch() {
        return running;
    }

    double elapsedSeconds() {
        long end = endNanos != 0 ? endNanos : System.nanoTime();
        return (end - startNanos) / 1e9;
    }
}
