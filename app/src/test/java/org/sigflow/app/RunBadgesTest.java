package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.views.TimingRow;
import org.sigflow.app.views.TimingView;
import org.sigflow.cuda.Cuda;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Badges on the running blocks and the timing view's GPU column, on whatever machine runs the test. */
@ExtendWith(ApplicationExtension.class)
class RunBadgesTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void runningBlocksWearBadgesAndCudaBlocksSayWhereTheyRun(FxRobot robot) throws Exception {
        var cat = window.document().catalog();
        Graph g = Graph.EMPTY.withVariable("samp_rate", "200000");
        g = GraphEdits.addBlock(cat.find("signal_source").orElseThrow(), "src", 100, 100).apply(g);
        g = GraphEdits.addBlock(cat.find("throttle").orElseThrow(), "rate", 350, 100).apply(g);
        g = GraphEdits.addBlock(cat.find("multiply_const").orElseThrow(), "gain", 600, 100).apply(g);
        g = GraphEdits.addBlock(cat.find("null_sink").orElseThrow(), "sink", 850, 100).apply(g);
        g = g.withConnection(new Connection("src", "out", "rate", "in"))
                .withConnection(new Connection("rate", "out", "gain", "in"))
                .withConnection(new Connection("gain", "out", "sink", "in"));
        // To CUDA as Ctrl+G does it: the memory nodes come with it.
        Graph built = org.sigflow.app.model.DomainSwitch.toggle(java.util.List.of("gain"), cat).apply(g);
        DesignerFixture.fx(robot, () -> window.document().load(built, null));
        robot.clickOn("#run-button");
        DesignerFixture.await("badges on every block; status: " + window.statusText() + " running " + window.runner().running(), () -> window.runBadges().text("sink") != null
                && window.runBadges().text("gain") != null);
        String src = window.runBadges().text("src");
        assertTrue(src.matches("[0-9.]+( [kM])?/s · busy \\d+ % · buf \\d+ %"), src);
        boolean gpu = Cuda.status().available();
        String gain = window.runBadges().text("gain");
        assertTrue(gpu ? gain.contains(" · GPU ") : gain.endsWith(" · CPU fallback"), gain);
        TimingView timing = (TimingView) window.views().views().stream().filter(v -> v instanceof TimingView)
                .findFirst().orElseThrow();
        DesignerFixture.await("the timing view's rows", () -> timing.rows().size() == built.blocks().size());
        TimingRow row = timing.rows().stream().filter(r -> r.id().equals("gain")).findFirst().orElseThrow();
        assertEquals(!gpu, row.fallback());
        Screenshots.save(robot, window.getScene(), "designer-run-badges");
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        DesignerFixture.await("the badges to go", () -> window.runBadges().text("src") == null);
        assertNull(window.runBadges().text("gain"));
    }
}
