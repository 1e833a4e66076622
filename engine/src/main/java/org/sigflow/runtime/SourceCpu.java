package org.sigflow.runtime;

import java.util.List;

/**
 * Placement of the stream sources' threads, off by default ({@code -Dsigflow.sourceCpu=N}): each block with stream
 * outputs and no stream inputs runs on a platform thread of its own (also under the pool policy, where a virtual
 * thread would move between carriers) pinned to a CPU, the first source to CPU {@code N}, the next to {@code N+1},
 * round the machine. The memory nodes' own placement ({@code -Dsigflow.memory.pinThreads}) deals CPUs from the
 * highest down, so a low {@code N} keeps a source apart from them. Where pinning fails the thread runs anywhere.
 */
final class SourceCpu {
    private final int first;
    private final int cpus;
    private int dealt;

    SourceCpu(int first, int cpus) {
        this.first = first;
        this.cpus = cpus;
    }

    /** The configured placement, read at each graph start (so a test or a bench can set it per graph). */
    static SourceCpu configured() {
        String v = System.getProperty("sigflow.sourceCpu");
        int first = -1;
        if (v != null && !v.isBlank() && !v.trim().equals("off")) {
            try {
                first = Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                first = -2;
            }
            if (first < 0) {
                throw new IllegalArgumentException("sigflow.sourceCpu must be a CPU number (0 or more) or off, not '"
                        + v + "'");
            }
        }
        return new SourceCpu(first, ThreadAffinity.cpuCount());
    }

    /** Whether {@code n} is a stream source. */
    static boolean isSource(FlowNode n) {
        return n.inputs().isEmpty() && !n.outputs().isEmpty();
    }

    /** The CPU for {@code n}'s thread (the next one dealt for a source), or -1 where it is not placed. */
    int next(FlowNode n) {
        if (first < 0 || !isSource(n)) {
            return -1;
        }
        return (first + dealt++) % Math.max(1, cpus);
    }

    /** Pins the calling (source) thread to {@code cpu} and says so on stderr; whether it worked. */
    static boolean pin(FlowNode n, int cpu) {
        boolean ok = ThreadAffinity.pin(List.of(cpu));
        System.err.println("sigflow: source '" + n.id() + "' thread " + (ok ? "pinned to cpu " + cpu
                : "not pinned to cpu " + cpu + " (sched_setaffinity unavailable or refused)"));
        return ok;
    }
}
