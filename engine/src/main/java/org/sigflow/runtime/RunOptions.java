package org.sigflow.runtime;

/**
 * Tuning of a run.
 *
 * @param chunkElements target array elements moved per work call on a port (items = this / item size); large
 *                      chunks amortise scheduling, small ones cut latency
 */
public record RunOptions(int chunkElements) {
    /** Default chunk; {@code -Dsigflow.chunkElements=N} overrides it (for tuning with {@code sigflow bench}). */
    public static final RunOptions DEFAULT = new RunOptions(Integer.getInteger("sigflow.chunkElements", 1 << 15));

    public RunOptions {
        if (chunkElements < 1) {
            throw new IllegalArgumentException("chunkElements must be >= 1");
        }
    }
}
