package org.sigflow.app;

import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.sigflow.app.canvas.GraphCanvas;
import org.sigflow.app.views.LiveView;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.LiveRun;

/**
 * {@code -Dsigflow.startupProbe=print|exit|fps}: measures the designer's cold start for the start-up benchmark
 * (tools/bench/startup). When the window's first frame has been laid out and the FX thread is free again (the window
 * answers input), it prints one line {@code sigflow-startup: first-frame EPOCH_MS} on standard error (the benchmark
 * subtracts its own start time); with {@code exit} the designer then ends (also the training run of the launcher's
 * AOT cache). With {@code fps} it then pans and zooms the canvas on every pulse for 10 s (the graph given on the
 * command line is open by then) and prints {@code sigflow-fps: …} — frames, rate, the longest frame, frames later than
 * 1/55 s — and ends: the pan/zoom benchmark (tools/bench/startup/pan_zoom.sh). With {@code views} it runs the graph
 * for 10 s instead and prints each live view's frames drawn and dropped and the sources' item rate: the live-views
 * benchmark (tools/bench/startup/views.sh); {@code -Dsigflow.probeViews=hidden} runs it with another tab in front of
 * the views (the engine without views, in the same process), {@code popped} with each view in a window of its own
 * ({@code -Dsigflow.probePopSize=WxH}, default 800x450). Both modes measure after a warm-up and print the CPU
 * the designer's threads spent ({@link ThreadCpu}). Without the property nothing is registered.
 */
final class StartupProbe {
    private StartupProbe() {}

    static void watch(Scene scene, MainWindow window) {
        String mode = System.getProperty("sigflow.startupProbe");
        if (mode == null) {
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            // the next turn of the event loop: this pulse's frame is drawn and the FX thread takes input again
            Platform.runLater(() -> {
                System.err.println("sigflow-startup: first-frame " + System.currentTimeMillis());
                if ("fps".equals(mode)) {
                    Platform.runLater(() -> Platform.runLater(() -> panAndZoom(window.canvas(), 10)));
                } else if ("views".equals(mode)) {
                    Platform.runLater(() -> Platform.runLater(() -> runWithViews(window, 10)));
                } else if ("exit".equals(mode)) {
                    // after the start page or the file queued behind the first frame, so those classes load too
                    Platform.runLater(() -> Platform.runLater(() -> System.exit(0)));
                }
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** Runs the open graph, counts pulses for a while, then reports the views' frames and the engine's rate. */
    private static void runWithViews(MainWindow window, double seconds) {
        if (!window.runner().start()) {
            System.err.println("sigflow-views: the graph did not start: " + window.statusText());
            System.exit(1);
        }
        // the same run with the views not shown (selected after the start, which brings the views to the front);
        // "tick" also changes one pixel on every pulse: what presenting a frame costs, whatever is drawn
        String probeViews = System.getProperty("sigflow.probeViews", "");
        javafx.scene.shape.Rectangle tick = new javafx.scene.shape.Rectangle(1, 1);
        if ("tick".equals(probeViews)) {
            tick.setManaged(false);
            window.getChildren().add(tick);
        }
        if ("popped".equals(probeViews)) { // every view in a window of its own, of the size asked for
            String[] size = System.getProperty("sigflow.probePopSize", "800x450").split("x");
            window.views().layouts().forEach(v -> {
                window.views().popOut(v.id());
                window.views().windowOf(v.id()).ifPresent(w -> {
                    w.setWidth(Double.parseDouble(size[0]));
                    w.setHeight(Double.parseDouble(size[1]));
                });
            });
        }
        if ("hidden".equals(probeViews) || "tick".equals(probeViews)) {
            for (javafx.scene.Node n = window.views(); n != null; n = n.getParent()) {
                if (n instanceof javafx.scene.control.TabPane tabs) {
                    tabs.getSelectionModel().select(1);
                    break;
                }
            }
        }
        new Pulses(seconds) {
            private final java.util.Map<LiveView, Long> drawn0 = new java.util.HashMap<>();
            private long items0;
            private double elapsed0;

            @Override
            void pulse(double t) {
                tick.setOpacity(tick.getOpacity() == 1 ? 0.5 : 1);
            }

            @Override
            void started() {
                window.views().views().forEach(v -> drawn0.put(v, v.framesDrawn()));
                LiveRun run = window.runner().running();
                if (run != null) {
                    items0 = sourceItems(run);
                    elapsed0 = run.elapsedSeconds();
                }
            }

            @Override
            void end(double t) {
                LiveRun run = window.runner().running();
                String used = cpu.summary(frames);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                        "sigflow-views: %.1f pulses/s", frames / t));
                for (LiveView v : window.views().views()) {
                    line.append(String.format(Locale.ROOT, "; %s %s: %.1f frames/s drawn (%s)",
                            v.getClass().getSimpleName(), v.blockId(),
                            (v.framesDrawn() - drawn0.getOrDefault(v, 0L)) / t, v.note()));
                }
                if (run != null) {
                    double s = run.elapsedSeconds() - elapsed0;
                    line.append(String.format(Locale.ROOT, "; sources %.3f M items/s over %.2f s",
                            (sourceItems(run) - items0) / s / 1e6, s));
                    run.stop();
                }
                line.append("; ").append(used);
                System.err.println(line);
            }
        }.start();
    }

    /** Items the graph's sources have made (the largest count of any block without inputs). */
    private static long sourceItems(LiveRun run) {
        return run.metrics().stream().filter(m -> m.itemsIn() == 0).mapToLong(BlockMetrics::itemsOut).max()
                .orElse(0);
    }

    /** Zooms in and out (±25 %) around a point circling the canvas, one step per pulse, and counts the pulses. */
    private static void panAndZoom(GraphCanvas canvas, double seconds) {
        canvas.fitToContent();
        String hint = System.getProperty("sigflow.fpsCacheBlocks"); // experiment: blocks cached as bitmaps
        if (hint != null) {
            canvas.lookupAll("*").stream().filter(n -> n instanceof org.sigflow.app.canvas.BlockNode).forEach(n -> {
                n.setCache(true);
                n.setCacheHint(javafx.scene.CacheHint.valueOf(hint));
            });
        }
        new Pulses(seconds) {
            @Override
            void pulse(double t) {
                double w = canvas.getWidth();
                double h = canvas.getHeight();
                // a zoom around a moving point pans too: the graph slides under the cursor's circle
                canvas.zoomBy(Math.pow(1.25, Math.cos(t * 2)) / canvas.zoomFactor() * 0.6,
                        w / 2 + w / 3 * Math.cos(t), h / 2 + h / 3 * Math.sin(t));
            }

            @Override
            void end(double t) {
                System.err.println(String.format(Locale.ROOT, "sigflow-fps: %d frames in %.2f s = %.1f fps, "
                        + "longest frame %.1f ms, %d frames later than 1/55 s; %s", frames, t, frames / t,
                        longest / 1e6, late, cpu.summary(frames)));
            }
        }.start();
    }

    /**
     * Counts pulses (frames) for a while, calling {@link #pulse} on each, then {@link #end} and ends the designer. The
     * first {@code sigflow.probeWarmup} seconds (default 3: JIT, first bitmaps, the run's start) are not counted.
     */
    private abstract static class Pulses extends AnimationTimer {
        private final double seconds;
        private final double warmup = Double.parseDouble(System.getProperty("sigflow.probeWarmup", "3"));
        private long first;
        private long measuring;
        private long previous;
        long frames;
        /** CPU of the designer's threads from the end of the warm-up on. */
        ThreadCpu cpu;
        long late;
        long longest;

        Pulses(double seconds) {
            this.seconds = seconds;
        }

        /** Every pulse, warm-up included; {@code t} seconds since the first. */
        void pulse(double t) {}

        /** When the measured part starts. */
        void started() {}

        /** After {@code t} measured seconds. */
        abstract void end(double t);

        @Override
        public void handle(long now) {
            if (first == 0) {
                first = now;
            }
            double t = (now - first) / 1e9;
            if (measuring == 0 && t >= warmup) {
                measuring = now;
                cpu = new ThreadCpu();
                started();
            } else if (measuring != 0) {
                frames++;
                longest = Math.max(longest, now - previous);
                late += now - previous > 1e9 / 55 ? 1 : 0;
            }
            previous = now;
            pulse(t);
            double measured = measuring == 0 ? 0 : (now - measuring) / 1e9;
            if (measured >= seconds) {
                stop();
                end(measured);
                System.exit(0);
            }
        }
    }
}
