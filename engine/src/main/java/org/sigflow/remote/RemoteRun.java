package org.sigflow.remote;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sigflow.display.FrameChannel;
import org.sigflow.runtime.BlockFailure;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.LiveRun;
import org.sigflow.runtime.RunOutcome;

/**
 * A graph running on a remote engine, seen through its event stream: metrics and display frames arrive as the
 * server sends them and feed the same {@link LiveRun} API as a local run. A connection that breaks, or a server
 * silent for {@link #SILENCE_LIMIT}, ends the run here as failed with a message (the server stops a run nobody
 * watches); nothing waits forever.
 */
public final class RemoteRun implements LiveRun {
    /** The server sends metrics four times a second: this much silence means the link is gone. */
    static final Duration SILENCE_LIMIT = Duration.ofSeconds(15);

    private final RemoteEngine engine;
    private final String id;
    private final List<String> blocks;
    private final Map<String, FrameChannel> displays = new LinkedHashMap<>();
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch ended = new CountDownLatch(1);
    private final long startNanos = System.nanoTime();
    private volatile List<BlockMetrics> metrics = List.of();
    private volatile RunOutcome outcome;
    private volatile long lastLineNanos = System.nanoTime();
    private volatile InputStream stream;

    RemoteRun(RemoteEngine engine, String id, List<String> blocks, List<String> displays) {
        this.engine = engine;
        this.id = id;
        this.blocks = List.copyOf(blocks);
        displays.forEach(d -> this.displays.put(d, new FrameChannel()));
        Thread.ofPlatform().daemon(true).name("sigflow-remote-" + id).start(this::read);
        Thread.ofPlatform().daemon(true).name("sigflow-remote-watch-" + id).start(this::watch);
    }

    public String id() {
        return id;
    }

    /** Problems and warnings the server reported for this run, in order. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    private void read() {
        try (InputStream in = engine.events(id)) {
            stream = in;
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
                lastLineNanos = System.nanoTime();
                if (event(RemoteJson.parse(line))) {
                    return;
                }
            }
            lost("the connection closed before the run ended");
        } catch (IOException e) {
            lost(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lost("interrupted");
        }
    }

    /** Handles one event; true at the end. */
    private boolean event(JsonNode e) throws IOException {
        switch (e.path("type").asText()) {
            case "metrics" -> metrics = List.copyOf(RemoteJson.metrics(e.path("blocks")));
            case "frame" -> {
                FrameChannel c = displays.get(e.path("block").asText());
                if (c != null) {
                    c.publish(RemoteJson.frame(e));
                }
            }
            case "problem" -> problems.add(e.path("message").asText());
            case "end" -> {
                metrics = List.copyOf(RemoteJson.metrics(e.path("metrics").path("blocks")));
                finish(RemoteJson.outcome(e));
                return true;
            }
            default -> { } // newer servers may send more kinds
        }
        return false;
    }

    /** Closes the stream when the server has been silent too long, so the reader ends. */
    private void watch() {
        try {
            while (!ended.await(1, TimeUnit.SECONDS)) {
                if (System.nanoTime() - lastLineNanos > SILENCE_LIMIT.toNanos()) {
                    lost("nothing heard for " + SILENCE_LIMIT.toSeconds() + " s");
                    InputStream s = stream;
                    if (s != null) {
                        s.close();
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException ignored) {
            // closing a broken stream: nothing more to do
        }
    }

    private void lost(String why) {
        finish(new RunOutcome(RunOutcome.Kind.FAILED, new BlockFailure(null, null, engine.where()
                + " dropped the connection (" + why + "); the run's state there is unknown", null), elapsedSeconds()));
    }

    private synchronized void finish(RunOutcome o) {
        if (outcome == null) {
            outcome = o;
            ended.countDown();
        }
    }

    @Override
    public void stop() {
        if (outcome == null) {
            engine.post("/v1/runs/" + id + "/stop", "").exceptionally(t -> {
                lost("the stop request failed: " + rootMessage(t));
                return null;
            });
        }
    }

    /** Changes a runtime param on the server (evaluated there, with the graph's variables). */
    public CompletableFuture<Void> changeParam(String blockId, String paramId, String expressionText) {
        return engine.post("/v1/runs/" + id + "/param", RemoteJson.text(RemoteJson.object().put("block", blockId)
                .put("param", paramId).put("value", expressionText)));
    }

    /** Changes a graph variable on the server; its dependent runtime params are re-evaluated there. */
    public CompletableFuture<Void> changeVariable(String name, String expressionText) {
        return engine.post("/v1/runs/" + id + "/variable", RemoteJson.text(RemoteJson.object().put("name", name)
                .put("value", expressionText)));
    }

    @Override
    public boolean isRunning() {
        return outcome == null;
    }

    @Override
    public RunOutcome await() throws InterruptedException {
        ended.await();
        return outcome;
    }

    @Override
    public Optional<RunOutcome> await(Duration timeout) throws InterruptedException {
        return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS) ? Optional.of(outcome) : Optional.empty();
    }

    @Override
    public double elapsedSeconds() {
        RunOutcome o = outcome;
        return o != null ? o.seconds() : (System.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public List<BlockMetrics> metrics() {
        return metrics;
    }

    @Override
    public FrameChannel displayFrames(String blockId) {
        if (!blocks.contains(blockId)) {
            throw new IllegalArgumentException("no running block '" + blockId + "'");
        }
        return displays.get(blockId);
    }

    static String rootMessage(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
