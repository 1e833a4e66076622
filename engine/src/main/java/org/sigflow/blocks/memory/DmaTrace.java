package org.sigflow.blocks.memory;

import java.util.Locale;

/**
 * Where a zero-copy memory node's link time goes ({@code -Dsigflow.memory.dmaTrace=true}, one line on stderr when
 * the node stops): the ring's pinning, the span from the first piece queued to the last seen done, and the time the
 * DMA had nothing queued (a piece queued with none in flight, since the last one was seen done: the wake-ups and the
 * node's turn that a deeper queue hides). Completions are seen by the waiter thread after its wake-up, so the idle
 * time is a lower bound.
 */
final class DmaTrace {
    static final boolean ENABLED = Boolean.getBoolean("sigflow.memory.dmaTrace");

    private final String node;
    private final long ringBytes;
    private final long created = System.nanoTime();
    private long registerNanos;
    private long firstQueued;
    private volatile long lastDone;
    private long idleNanos;
    private long idleQueues;
    private long pieces;
    private long items;
    private long depthSum;
    private long maxDepth;

    DmaTrace(String node, long ringBytes) {
        this.node = node;
        this.ringBytes = ringBytes;
    }

    void registered() {
        registerNanos = System.nanoTime() - created;
    }

    /** The node queues a piece of {@code n} items with {@code depth} pieces not yet seen done. */
    void queued(long depth, long n) {
        long now = System.nanoTime();
        if (pieces == 0) {
            firstQueued = now;
        } else if (depth == 0) {
            idleNanos += now - lastDone;
            idleQueues++;
        }
        pieces++;
        items += n;
        depthSum += depth;
        maxDepth = Math.max(maxDepth, depth);
    }

    /** The waiter saw a piece done (its single writer). */
    void done() {
        lastDone = System.nanoTime();
    }

    private volatile long waiterCpuNanos;

    /** On the waiter thread as it ends: its CPU time (a spinning or paced waiter polls). */
    void waiterCpu() {
        java.lang.management.ThreadMXBean b = java.lang.management.ManagementFactory.getThreadMXBean();
        waiterCpuNanos = b.isCurrentThreadCpuTimeSupported() ? b.getCurrentThreadCpuTime() : -1;
    }

    void report() {
        long closed = System.nanoTime();
        double span = pieces == 0 ? 0 : (lastDone - firstQueued) / 1e6;
        System.err.printf(Locale.ROOT, "dma-trace %s: ring %d MiB, register %.1f ms, first piece %.1f ms after, "
                        + "%d pieces (%.0f items avg), span %.1f ms, idle %.2f ms in %d gaps, depth avg %.2f max %d, "
                        + "waiter cpu %.1f ms, closed %.1f ms after the last%n", node, ringBytes >> 20, registerNanos / 1e6,
                pieces == 0 ? 0 : (firstQueued - created) / 1e6, pieces, pieces == 0 ? 0 : items / (double) pieces,
                span, idleNanos / 1e6, idleQueues, pieces == 0 ? 0 : depthSum / (double) pieces, maxDepth,
                waiterCpuNanos / 1e6, (closed - lastDone) / 1e6);
    }
}
