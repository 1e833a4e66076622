package org.sigflow.runtime;

import java.util.Locale;

/**
 * How block runners get CPU time. Scheduling is a policy; output bytes never depend on it.
 *
 * <ul>
 *   <li>{@link #POOL} (default): each runner is a virtual thread, so the JDK's carrier pool (one carrier per core)
 *       runs whichever blocks are ready, as GNU Radio 4's worker pools do. Thousands of blocks start in
 *       milliseconds and cost a few kB each. Blocks that hold device resources (CUDA ports) or wait outside Java
 *       ({@link Block#waitsOutsideJava()}) still get a platform thread of their own, since their native calls or
 *       selector waits would hold a carrier.</li>
 *   <li>{@link #THREADS}: one platform thread per block (GNU Radio 3's thread-per-block).</li>
 * </ul>
 */
public enum Scheduling {
    POOL,
    THREADS;

    /** {@code null} or blank means the default; otherwise {@code pool} or {@code threads}. */
    public static Scheduling fromProperty(String value) {
        if (value == null || value.isBlank()) {
            return POOL;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "threads", "thread-per-block" -> THREADS;
            case "pool", "virtual" -> POOL;
            default -> throw new IllegalArgumentException("sigflow.scheduler must be 'pool' or 'threads', not '"
                    + value + "'");
        };
    }

    /** Makes the thread that runs {@code runner}. */
    Thread threadFor(BlockRunner runner) {
        String name = "sigflow-" + runner.node().id(); // a pinned source (SourceCpu) needs a platform thread
        Block block = runner.node().block();
        if (this == POOL && !block.waitsOutsideJava() && !usesDevice(block, runner.node()) && runner.cpu < 0) {
            return Thread.ofVirtual().name(name).unstarted(runner);
        }
        return Thread.ofPlatform().name(name).daemon(true).unstarted(runner);
    }

    private static boolean usesDevice(Block b, FlowNode n) {
        for (int i = 0; i < n.inputs().size(); i++) {
            if (b.inputOnDevice(i)) {
                return true;
            }
        }
        for (int o = 0; o < n.outputs().size(); o++) {
            if (b.outputOnDevice(o)) {
                return true;
            }
        }
        return false;
    }
}
