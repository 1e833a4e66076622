package org.sigflow.runtime;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.sigflow.display.FrameChannel;

/**
 * A run the designer watches: a graph running in this process ({@link RunningGraph}) or on a remote engine
 * ({@code org.sigflow.remote.RemoteRun}). The live views and the status line use only this.
 */
public interface LiveRun {
    /** Asks the run to stop; returns at once ({@link #await()} waits). Safe to call more than once. */
    void stop();

    boolean isRunning();

    /** Waits until the run has ended. */
    RunOutcome await() throws InterruptedException;

    /** Waits at most {@code timeout}; empty if still running. */
    Optional<RunOutcome> await(Duration timeout) throws InterruptedException;

    /** Seconds since start (until the end, once finished). */
    double elapsedSeconds();

    /** Every block's counters, in graph order (the latest known, for a remote run). */
    List<BlockMetrics> metrics();

    /**
     * The frames of display sink {@code blockId}; {@code null} when that block is not a display sink.
     *
     * @throws IllegalArgumentException if no such block runs
     */
    FrameChannel displayFrames(String blockId);
}
