package org.sigflow.app.views;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.FrameChannel;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A benchmark, not a test (no timed assertion; runs only with SIGFLOW_BENCH=1): the CPU the FX and render threads
 * spend per frame while a 2048-bin waterfall view, laid out as in the live-views pane (a styled panel with a title
 * bar, 520 × 280, in a 1440 × 900 window), takes one new frame per pulse. Frames are made here (no engine, no FFT),
 * so the figure is the view's drawing alone plus what presenting a frame costs the software renderer. Each class
 * named in {@code -Dbench.views} (default the waterfall) is measured in turn, three times, alternating, after a
 * warm-up: a side-by-side comparison that the machine's load moves far less than frame rates. docs/performance.md.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfEnvironmentVariable(named = "SIGFLOW_BENCH", matches = "1")
class WaterfallDrawBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private Pane slot;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        slot = new Pane();
        Label title = new Label("waterfall · wf");
        VBox panel = new VBox(title, slot);
        VBox.setVgrow(slot, Priority.ALWAYS);
        panel.getStyleClass().add("view-panel");
        panel.relocate(12, 12);
        panel.setPrefSize(520, 280);
        Pane area = new Pane(panel);
        area.getStyleClass().add("views-area");
        BorderPane root = new BorderPane(area);
        root.setTop(new Label("SigFlow designer (bench)"));
        Scene scene = new Scene(root, 1440, 900);
        scene.getStylesheets().add(getClass().getResource("/org/sigflow/app/designer.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void cpuPerFrame() throws Exception {
        List<String> classes = List.of(System.getProperty("bench.views",
                "org.sigflow.app.views.WaterfallView").split(","));
        for (int round = 0; round < 3; round++) {
            for (String c : classes) {
                LiveView view = c.equals("tick") ? new Tick() : (LiveView) Class.forName(c)
                        .getConstructor(String.class, double.class, double.class)
                        .newInstance("wf", Double.NaN, Double.NaN);
                double[] r = measure(view, round == 0 ? 300 : 120, 600);
                System.out.printf(Locale.ROOT, "BENCH waterfall %s round %d: fx %.3f ms/frame, render %.3f ms/frame,"
                        + " %.1f frames/s, load %s%n", c.substring(c.lastIndexOf('.') + 1), round + 1, r[0], r[1],
                        r[2], String.join(" ", java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
                                .split(" ", 4)[0]));
            }
        }
    }

    /** Shows the view, draws warm-up + n frames, one per pulse; the fx and render CPU ms per frame of the last n. */
    private double[] measure(LiveView view, int warmup, int n) throws Exception {
        FrameChannel channel = new FrameChannel();
        StubRun run = new StubRun("wf", channel, List.of());
        Random random = new Random(1);
        List<float[]> spectra = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            float[] db = new float[2048];
            for (int i = 0; i < db.length; i++) {
                db[i] = (float) (-90 + 6 * random.nextGaussian());
            }
            db[300 + 40 * k] = -20;
            spectra.add(db);
        }
        CountDownLatch done = new CountDownLatch(1);
        long[] cpu = new long[2];
        long[] wall = new long[1];
        Platform.runLater(() -> {
            slot.getChildren().setAll(view);
            view.setPrefSize(520, 250);
            new AnimationTimer() {
                private int frame;

                @Override
                public void handle(long now) {
                    if (frame == warmup) {
                        cpu[0] = -threadCpu("JavaFX Application Thread");
                        cpu[1] = -threadCpu("QuantumRenderer");
                        wall[0] = -System.nanoTime();
                    }
                    if (frame == warmup + n) {
                        cpu[0] += threadCpu("JavaFX Application Thread");
                        cpu[1] += threadCpu("QuantumRenderer");
                        wall[0] += System.nanoTime();
                        stop();
                        done.countDown();
                        return;
                    }
                    channel.publish(new DisplayFrame(frame, -1.024e6, 1000, List.of(spectra.get(frame % 8)),
                            frame * 2048L));
                    view.poll(run);
                    frame++;
                }
            }.start();
        });
        if (!done.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the bench did not finish");
        }
        return new double[] {cpu[0] / 1e6 / n, cpu[1] / 1e6 / n, n / (wall[0] / 1e9)};
    }

    private static long threadCpu(String namePrefix) {
        long sum = 0;
        for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(namePrefix)) {
                sum += THREADS.getThreadCpuTime(t.getThreadId());
            }
        }
        return sum;
    }

    /** The floor: a view that changes one pixel per frame (what presenting any frame costs). */
    private static final class Tick extends LiveView {
        private final javafx.scene.shape.Rectangle dot = new javafx.scene.shape.Rectangle(1, 1);

        Tick() {
            super("wf");
            getChildren().add(dot);
        }

        @Override
        protected void draw() {
            dot.setOpacity(dot.getOpacity() == 1 ? 0.5 : 1);
        }
    }
}
