package org.sigflow.blocks.memory;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread placement of the memory nodes, off by default ({@code -Dsigflow.memory.pinThreads=own|pair}): {@code own}
 * pins each node's thread and its DMA waiter ({@link RingDma}) to a CPU each, {@code pair} the waiter to its node's
 * CPU. CPUs are dealt from the highest down, one per pinned thread, round the machine when there are more threads
 * than CPUs. Pinning (sched_setaffinity through FFM, {@link CoreHalves#pin}) that fails or is not available leaves
 * the thread where it was, and the node runs as before. Other threads are not kept off those CPUs.
 */
final class NodeCores {
    enum Mode { OFF, OWN, PAIR }

    private static final AtomicInteger NEXT = new AtomicInteger();
    /**
     * The machine's CPUs (on a pinned node thread the JDK's own count is 1: the first device call dealt every waiter
     * CPU 0 that way).
     */
    private static final int CPUS = org.sigflow.runtime.ThreadAffinity.cpuCount();
    /** The CPU this node thread was pinned to (-1: not pinned, or tried and failed: -2). */
    private static final ThreadLocal<int[]> MINE = ThreadLocal.withInitial(() -> new int[] {-1});

    private NodeCores() {}

    /** The mode of {@code value} (null or blank: off). */
    static Mode mode(String value) {
        if (value == null || value.isBlank()) {
            return Mode.OFF;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "off", "false" -> Mode.OFF;
            case "own", "true" -> Mode.OWN;
            case "pair" -> Mode.PAIR;
            default -> throw new IllegalArgumentException("sigflow.memory.pinThreads must be off, own or pair, not '"
                    + value + "'");
        };
    }

    /** The configured mode, read at each node's start (so a test or a bench can set it per graph). */
    static Mode mode() {
        return mode(System.getProperty("sigflow.memory.pinThreads"));
    }

    /** The {@code k}-th CPU dealt on a machine of {@code cpus}: from the highest down, round. */
    static int cpu(int k, int cpus) {
        return cpus - 1 - Math.floorMod(k, cpus);
    }

    /** The CPUs dealt from (the process's count when this class was loaded, before it pinned anything). */
    static int cpus() {
        return CPUS;
    }

    /** Deals the next CPU. */
    private static int next() {
        return cpu(NEXT.getAndIncrement(), CPUS);
    }

    /** Pins the calling node thread once (at its start) under the mode; its CPU, or -1 where none. */
    static int pinNode(String node) {
        Mode m = mode();
        int[] mine = MINE.get();
        if (m == Mode.OFF || mine[0] != -1) {
            return Math.max(-1, mine[0]);
        }
        int c = next();
        mine[0] = CoreHalves.pin(List.of(c)) ? c : -2;
        System.err.println("sigflow: memory node " + node + " thread "
                + (mine[0] >= 0 ? "pinned to cpu " + c : "not pinned (sched_setaffinity unavailable or refused)"));
        return Math.max(-1, mine[0]);
    }

    /**
     * The CPU for the DMA waiter of the calling node thread: the node's own (pair), the next one dealt (own), -1 where
     * nothing is pinned.
     */
    static int waiterCpu() {
        return switch (mode()) {
            case OFF -> -1;
            case PAIR -> Math.max(-1, MINE.get()[0]);
            case OWN -> next();
        };
    }

    /** Pins the calling (waiter) thread to {@code cpu}; false where {@code cpu} is -1 or pinning failed. */
    static boolean pin(int cpu) {
        return cpu >= 0 && CoreHalves.pin(List.of(cpu));
    }
}
