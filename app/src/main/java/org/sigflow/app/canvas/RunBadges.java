package org.sigflow.app.canvas;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javafx.animation.AnimationTimer;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Bounds;
import javafx.scene.Group;
import javafx.scene.control.Label;
import org.sigflow.app.views.TimingRow;
import org.sigflow.runtime.LiveRun;

/**
 * Badges over the blocks while a graph runs: throughput, how busy the block is, how full its output buffer is, and
 * on CUDA blocks the GPU kernel time (or "CPU fallback"); memory nodes add copy time and wire SNR. Four times a
 * second from {@code RunningGraph.metrics()}; they go away when the run ends.
 */
public final class RunBadges extends Group {
    private static final long PERIOD_NANOS = 250_000_000L;
    private final GraphCanvas canvas;
    private final Map<String, Label> badges = new HashMap<>();
    private long last = Long.MIN_VALUE;
    private boolean ticking;

    public RunBadges(GraphCanvas canvas, ObservableValue<LiveRun> running, Predicate<String> cudaType) {
        this.canvas = canvas;
        setId("run-badges");
        setMouseTransparent(true);
        canvas.addWorldLayer(this);
        AnimationTimer timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                LiveRun run = running.getValue();
                if (run == null || last != Long.MIN_VALUE && now - last < PERIOD_NANOS) {
                    return;
                }
                last = now;
                show(run.metrics().stream().map(m -> TimingRow.of(m, cudaType.test(m.type()))).toList());
            }
        };
        // only during a run: a running animation timer asks for a pulse 60 times a second, even with nothing to do
        running.addListener((o, was, run) -> {
            if (run != null) {
                last = Long.MIN_VALUE;
                timer.start();
            } else {
                timer.stop();
                badges.clear();
                getChildren().clear();
            }
            ticking = run != null;
        });
        if (running.getValue() != null) {
            timer.start();
            ticking = true;
        }
    }

    /** Whether the badges' timer runs (for tests). */
    public boolean ticking() {
        return ticking;
    }

    private void show(List<TimingRow> rows) {
        // a hier block's blocks run flattened (filt__fir): its instance shows the busiest of them
        Map<String, TimingRow> onCanvas = new java.util.LinkedHashMap<>();
        for (TimingRow r : rows) {
            int cut = r.id().indexOf(org.sigflow.hier.HierFlattener.SEPARATOR);
            String at = canvas.node(r.id()).isPresent() || cut <= 0 ? r.id() : r.id().substring(0, cut);
            onCanvas.merge(at, r, (a, b) -> b.busy() > a.busy() ? b : a);
        }
        onCanvas.forEach((blockId, r) -> {
            var node = canvas.node(blockId);
            if (node.isEmpty()) {
                return; // a block the engine added (none today) or one deleted while running
            }
            Label l = badges.computeIfAbsent(blockId, id -> {
                Label b = new Label();
                b.setId("badge-" + id);
                b.getStyleClass().add("run-badge");
                getChildren().add(b);
                return b;
            });
            l.setText(r.badge());
            String kind = r.fallback() ? "badge-fallback" : !r.kernel().isEmpty() || !r.copy().isEmpty()
                    ? "badge-gpu" : !Double.isNaN(r.fill()) && r.fill() > 0.9 ? "badge-full" : null;
            // a style class change re-applies CSS to the badge: only when its kind changed, not 4 times a second
            List<String> kinds = List.of("badge-fallback", "badge-gpu", "badge-full");
            if (kind == null ? l.getStyleClass().stream().anyMatch(kinds::contains) : !l.getStyleClass().contains(kind)) {
                l.getStyleClass().removeAll(kinds);
                if (kind != null) {
                    l.getStyleClass().add(kind);
                }
            }
            Bounds b = node.get().getBoundsInParent();
            if (l.getLayoutX() != b.getMinX() || l.getLayoutY() != b.getMinY() - 20) {
                l.relocate(b.getMinX(), b.getMinY() - 20);
            }
        });
    }

    /** The badge text of a block now, or null (for tests). */
    public String text(String blockId) {
        Label l = badges.get(blockId);
        return l == null ? null : l.getText();
    }
}
