package org.sigflow.app;

import java.util.List;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.views.LiveView;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.runtime.BlockMetrics;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Benchmarks, not tests (no timed assertion; run only with SIGFLOW_BENCH=1): frames per second while a 500-block
 * graph pans and zooms every pulse, and the waterfall's frames drawn per second at 2048 bins while the engine runs
 * an unthrottled graph. Prints one line each; figures in docs/performance.md.
 */
@ExtendWith(ApplicationExtension.class)
@EnabledIfEnvironmentVariable(named = "SIGFLOW_BENCH", matches = "1")
class CanvasFrameRateBench {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void panAndZoomA500BlockGraph(FxRobot robot) throws Exception {
        var def = window.document().catalog().find("multiply_const").orElseThrow();
        Graph g = Graph.EMPTY;
        for (int i = 0; i < 500; i++) {
            g = GraphEdits.addBlock(def, "b" + i, (i % 25) * 220, (i / 25) * 140).apply(g);
            if (i % 25 != 0) {
                g = g.withConnection(new Connection("b" + (i - 1), "out", "b" + i, "in"));
            }
        }
        Graph built = g;
        DesignerFixture.fx(robot, () -> window.document().load(built, null));
        long[] pulses = {0};
        long[] first = {0};
        long[] last = {0};
        AnimationTimer t = new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (first[0] == 0) {
                    first[0] = now;
                }
                last[0] = now;
                pulses[0]++;
                double phase = pulses[0] * 0.05;
                window.canvas().zoomBy(1 + 0.02 * Math.sin(phase));
                window.canvas().centreOn(2700 + 2000 * Math.cos(phase / 3), 1400 + 1000 * Math.sin(phase / 3));
            }
        };
        DesignerFixture.fx(robot, t::start);
        Thread.sleep(6000);
        DesignerFixture.fx(robot, t::stop);
        double s = (last[0] - first[0]) / 1e9;
        System.out.printf(Locale.ROOT, "BENCH pan/zoom 500 blocks: %d frames in %.2f s = %.1f fps%n", pulses[0] - 1, s,
                (pulses[0] - 1) / s);
    }

    @Test
    void waterfallAt2048BinsWhileTheEngineRunsFullRate(FxRobot robot) throws Exception {
        var cat = window.document().catalog();
        Graph g = Graph.EMPTY.withVariable("samp_rate", "1e6");
        g = GraphEdits.addBlock(cat.find("noise_source").orElseThrow(), "noise", 0, 0).apply(g);
        g = GraphEdits.addBlock(cat.find("waterfall_sink").orElseThrow(), "wf", 300, 0).apply(g)
                .withBlockEdited("wf", b -> b.withParam("fft_size", "2048").withParam("update_rate", "60")
                        .withParam("samp_rate", "samp_rate"));
        g = g.withConnection(new Connection("noise", "out", "wf", "in"));
        Graph built = g;
        DesignerFixture.fx(robot, () -> {
            window.document().load(built, null);
            window.runner().start();
        });
        LiveView wf = window.views().views().stream().filter(v -> "wf".equals(v.blockId())).findFirst()
                .orElseThrow();
        Thread.sleep(2000); // warm-up
        long drawn0 = wf.framesDrawn();
        long t0 = System.nanoTime();
        Thread.sleep(6000);
        long drawn = wf.framesDrawn() - drawn0;
        double s = (System.nanoTime() - t0) / 1e9;
        org.sigflow.display.FrameChannel frames = window.runner().running().displayFrames("wf");
        List<BlockMetrics> m = window.runner().running().metrics();
        double rate = m.stream().filter(x -> x.id().equals("noise")).findFirst().orElseThrow().throughput();
        System.out.printf(Locale.ROOT, "BENCH waterfall 2048 bins: %d frames drawn in %.2f s = %.1f fps; sink published"
                + " %d, dropped %d; engine %.2f M items/s%n", drawn, s, drawn / s, frames.published(),
                frames.dropped(), rate / 1e6);
        DesignerFixture.fx(robot, () -> window.runner().stop());
    }
}
