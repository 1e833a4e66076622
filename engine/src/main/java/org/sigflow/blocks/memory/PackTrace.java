package org.sigflow.blocks.memory;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where a packing memory node's time goes ({@code -Dsigflow.memory.packTrace=true}, one line on stderr when the node
 * stops): its work calls against the wall since the first, inside them the packing or unpacking (and of that the
 * wait for the other threads' parts after the node's own part) and the waits for the GPU (h2d: a staging page's
 * last upload; d2h: a page's or piece's download); the packing threads' parts, spin and parks (shared by the
 * process's nodes, counted since the start).
 */
final class PackTrace {
    static final boolean ENABLED = Boolean.getBoolean("sigflow.memory.packTrace");

    /** The calling thread's nanoseconds waiting for other threads' parts in {@link PackingThreads#split}. */
    static final ThreadLocal<long[]> PART_WAIT = ThreadLocal.withInitial(() -> new long[1]);
    static final LongAdder TEAM_PARTS = new LongAdder();
    static final LongAdder TEAM_RUN_NANOS = new LongAdder();
    static final LongAdder TEAM_SPIN_NANOS = new LongAdder();
    static final LongAdder TEAM_PARKS = new LongAdder();
    static final LongAdder CALLER_PARTS = new LongAdder();

    private final String node;
    private long first;
    private long last;
    private long calls;
    private long inWork;
    private long packing;
    private long gpuWaits;
    private long partWait;
    private long callStart;
    private long partWaitAtStart;
    private long mark;

    PackTrace(String node) {
        this.node = node;
    }

    /** Runs one work call of the node, timed. */
    org.sigflow.runtime.WorkResult call(java.util.function.Supplier<org.sigflow.runtime.WorkResult> step) {
        callBegins();
        try {
            return step.get();
        } finally {
            callEnds();
        }
    }

    private void callBegins() {
        callStart = System.nanoTime();
        if (first == 0) {
            first = callStart;
        }
        partWaitAtStart = PART_WAIT.get()[0];
    }

    private void callEnds() {
        last = System.nanoTime();
        inWork += last - callStart;
        calls++;
        partWait += PART_WAIT.get()[0] - partWaitAtStart;
    }

    /** Before a span of packing or a GPU wait. */
    void begin() {
        mark = System.nanoTime();
    }

    void packed() {
        packing += System.nanoTime() - mark;
    }

    void waited() {
        gpuWaits += System.nanoTime() - mark;
    }

    void report() {
        double wall = (last - first) / 1e6;
        System.err.printf(Locale.ROOT, "pack-trace %s: wall %.1f ms, %d calls, in work %.1f ms (%.2f), packing %.1f ms "
                        + "(waiting for parts %.1f), gpu waits %.1f ms, other work %.1f ms; team: %d parts (callers %d), "
                        + "run %.1f ms, spin %.1f ms, %d parks%n", node, wall, calls, inWork / 1e6,
                wall > 0 ? inWork / 1e6 / wall : 0, packing / 1e6, partWait / 1e6, gpuWaits / 1e6,
                (inWork - packing - gpuWaits) / 1e6, TEAM_PARTS.sum(), CALLER_PARTS.sum(), TEAM_RUN_NANOS.sum() / 1e6,
                TEAM_SPIN_NANOS.sum() / 1e6, TEAM_PARKS.sum());
    }
}
