package org.sigflow.app.views;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.sigflow.display.FrameChannel;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.LiveRun;
import org.sigflow.runtime.RunOutcome;

/** A running graph for view tests: one display sink ({@code sink}, its frames in {@code channel}) and given metrics. */
record StubRun(String sink, FrameChannel channel, List<BlockMetrics> metrics) implements LiveRun {
    @Override
    public FrameChannel displayFrames(String blockId) {
        if (!blockId.equals(sink)) {
            throw new IllegalArgumentException(blockId);
        }
        return channel;
    }

    @Override
    public void stop() {}

    @Override
    public boolean isRunning() {
        return true;
    }

    @Override
    public RunOutcome await() {
        throw new UnsupportedOperationException("StubRun never ends: view tests poll its frames, they do not await it");
    }

    @Override
    public Optional<RunOutcome> await(Duration timeout) {
        return Optional.empty();
    }

    @Override
    public double elapsedSeconds() {
        return 1;
    }
}
