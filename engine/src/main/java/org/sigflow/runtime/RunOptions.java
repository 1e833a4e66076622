package org.sigflow.runtime;

/**
 * Tuning of a run.
 *
 * @param chunkElements target array elements moved per work call on a port (items = this / item size); large
 *                      chunks amortise scheduling, small ones cut latency
 * @param scheduling    how runners get CPU time (see {@link Scheduling})
 */
public record RunOptions(int chunkElements, Scheduling scheduling) {
    /**
     * Default chunk and scheduling; {@code -Dsigflow.chunkElements=N} and {@code -Dsigflow.scheduler=threads|pool}
     * override them (for tuning with {@code sigflow bench}).
     */
    public static final RunOptions DEFAULT = new RunOptions(Integer.getInteger("sigflow.chunkElements", 1 << 15),
            Scheduling.fromProperty(System.getProperty("sigflow.scheduler")));

    public RunOptions {
        if (chunkElements < 1) {
            throw new IllegalArgumentException("chunkElements must be >= 1");
        }
        if (scheduling == null) {
            throw new IllegalArgumentException("scheduling must be given");
        }
    }

    public RunOptions(int chunkElements) {
        this(chunkElements, Scheduling.POOL);
    }

    /** The same options with another chunk size. */
    public RunOptions withChunkElements(int elements) {
        return new RunOptions(elements, scheduling);
    }
}
