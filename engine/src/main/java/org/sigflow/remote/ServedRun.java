package org.sigflow.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.FrameChannel;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.OpenedGraph;

/**
 * A graph running on {@code sigflow serve}, and the pump that turns it into event lines for every client watching
 * it: display frames at display rate, metrics four times a second, then the end with the run's summary. A slow
 * client loses frames and metrics (its queue is bounded), never the end.
 */
final class ServedRun {
    private static final long FRAME_PERIOD_MS = 33;
    private static final long METRICS_PERIOD_NANOS = 250_000_000L;
    /** A run nobody watches any more (its client went away) is stopped after this. */
    private static final long ORPHAN_NANOS = 30_000_000_000L;
    private static final int QUEUE_LINES = 256;

    final String id;
    final RunningGraph run;
    volatile OpenedGraph opened;
    final List<String> blocks = new ArrayList<>();
    final List<String> displays = new ArrayList<>();
    private final List<String> warnings;
    private final List<BlockingQueue<String>> watchers = new CopyOnWriteArrayList<>();
    private volatile String endLine;
    private boolean watched;
    private long unwatchedSince = System.nanoTime();

    ServedRun(String id, OpenedGraph opened, RunningGraph run) {
        this.id = id;
        this.opened = opened;
        this.run = run;
        this.warnings = opened.warnings();
        for (BlockMetrics m : run.metrics()) {
            blocks.add(m.id());
            if (run.displayFrames(m.id()) != null) {
                displays.add(m.id());
            }
        }
        Thread.ofPlatform().daemon(true).name("sigflow-serve-" + id).start(this::pump);
    }

    private void pump() {
        long nextMetrics = System.nanoTime();
        try {
            Optional<RunOutcome> done = Optional.empty();
            while (done.isEmpty()) {
                for (String b : displays) {
                    FrameChannel c = run.displayFrames(b);
                    DisplayFrame f = c.take();
                    if (f != null) {
                        offer(RemoteJson.text(RemoteJson.frame(b, f)));
                    }
                }
                if (System.nanoTime() - nextMetrics >= 0) {
                    nextMetrics += METRICS_PERIOD_NANOS;
                    offer(RemoteJson.text(RemoteJson.metrics(run.elapsedSeconds(), run.metrics())));
                    stopIfOrphaned();
                }
                done = run.await(Duration.ofMillis(FRAME_PERIOD_MS));
            }
            RunOutcome outcome = done.get();
            for (String b : displays) { // a short run's last frames
                DisplayFrame f = run.displayFrames(b).take();
                if (f != null) {
                    offer(RemoteJson.text(RemoteJson.frame(b, f)));
                }
            }
            if (outcome.failure() != null) {
                offer(RemoteJson.text(RemoteJson.problem(outcome.failure().describe())));
            }
            endLine = RemoteJson.text(RemoteJson.end(outcome, run.elapsedSeconds(), run.metrics()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void stopIfOrphaned() {
        if (!watchers.isEmpty()) {
            watched = true;
            unwatchedSince = System.nanoTime();
        } else if (watched && System.nanoTime() - unwatchedSince > ORPHAN_NANOS) {
            run.stop();
        }
    }

    private void offer(String line) {
        for (BlockingQueue<String> q : watchers) {
            q.offer(line); // a full queue (a slow client) drops this line
        }
    }

    boolean ended() {
        return endLine != null;
    }

    /** Writes this run's events to {@code out} until the run ends (returns then) or the client goes away (throws). */
    void stream(OutputStream out) throws IOException, InterruptedException {
        BlockingQueue<String> q = new ArrayBlockingQueue<>(QUEUE_LINES);
        for (String w : warnings) {
            q.offer(RemoteJson.text(RemoteJson.problem(w).put("severity", "warning")));
        }
        watchers.add(q);
        try {
            while (true) {
                String line = q.poll(200, TimeUnit.MILLISECONDS);
                if (line != null) {
                    write(out, line);
                } else if (endLine != null && q.isEmpty()) {
                    write(out, endLine);
                    return;
                }
            }
        } finally {
            watchers.remove(q);
        }
    }

    private static void write(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
