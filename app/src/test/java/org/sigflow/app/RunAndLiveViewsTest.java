package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.LiveView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Runs the live-views sample on the embedded engine from the Run button, changes it while it runs, stops it. */
@ExtendWith(ApplicationExtension.class)
class RunAndLiveViewsTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void theSampleRunsItsViewsReceiveFramesAndRuntimeEditsApply(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        robot.clickOn("#run-button");
        assertNotNull(window.runner().running(), window.statusText());
        Map<String, LiveView> views = window.views().views().stream()
                .collect(Collectors.toMap(v -> v.getId().substring("view-".length()), Function.identity()));
        assertEquals(java.util.Set.of("spec", "wf", "time", "const", "timing"), views.keySet());
        DesignerFixture.await("every view to draw frames",
                () -> views.values().stream().allMatch(v -> v.framesDrawn() >= 3));

        // A runtime param edited in the properties panel reaches the running block.
        DesignerFixture.fx(robot, () -> window.document().select(java.util.List.of("carrier")));
        robot.doubleClickOn("#param-frequency").eraseText(8).write("100e3").type(javafx.scene.input.KeyCode.ENTER);
        DesignerFixture.await("the change to apply", () -> window.statusText().startsWith("Applied carrier.frequency"));

        // So does a variable edited in the variables panel (the sweep rate, a runtime param of 'sweep').
        robot.clickOn("#tab-variables");
        robot.doubleClickOn("#var-sweep_hz").eraseText(3).write("2").type(javafx.scene.input.KeyCode.ENTER);
        DesignerFixture.await("the variable to apply",
                () -> window.statusText().startsWith("Applied variable sweep_hz = 2"));

        Screenshots.save(robot, window.getScene(), "designer-running");
        long drawn = views.get("wf").framesDrawn();

        // Dragging a view's title bar moves it in the graph's view layout; the views keep running.
        javafx.scene.Node bar = ((javafx.scene.Parent) robot.lookup("#view-spec").query().getParent())
                .getChildrenUnmodifiable().getFirst();
        robot.drag(bar).moveBy(40, 0).drop();
        assertEquals(50, window.document().graph().views().getFirst().x(), 2);
        assertEquals(5, window.document().graph().views().size());
        assertTrue(views.get("wf").framesDrawn() >= drawn, "the waterfall was not reset by the move");
        assertEquals(views.get("wf"), window.views().views().get(1));
        org.sigflow.display.FrameChannel spectrum = window.runner().running().displayFrames("spectrum");
        assertTrue(spectrum.published() >= views.get("spec").framesDrawn());

        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        assertTrue(window.statusText().startsWith("Stopped after"), window.statusText());
        assertNull(window.runner().running());
    }

    @Test
    void anInvalidGraphDoesNotStartAndSaysWhy(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.document().apply("Add", g -> g.withBlock(
                org.sigflow.graph.BlockInstance.of("sink", "null_sink"))));
        robot.clickOn("#run-button");
        assertNull(window.runner().running());
        assertTrue(window.statusText().startsWith("Cannot run: 1 problem(s)"), window.statusText());
        assertTrue(window.statusText().contains("input 'in' is not connected"), window.statusText());
    }

    @Test
    void aShortRunStillShowsItsLastFrame(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.document().apply("Build", g -> g
                .withBlock(org.sigflow.graph.BlockInstance.of("src", "signal_source"))
                .withBlock(org.sigflow.graph.BlockInstance.of("head", "head")
                        .withParam("num_items", "4096"))
                .withBlock(org.sigflow.graph.BlockInstance.of("spec", "spectrum_sink"))
                .withConnection(new org.sigflow.graph.Connection("src", "out", "head", "in"))
                .withConnection(new org.sigflow.graph.Connection("head", "out", "spec", "in"))));
        robot.clickOn("#run-button");
        DesignerFixture.await("the run to finish", () -> window.runner().running() == null);
        assertTrue(window.statusText().startsWith("Finished after"), window.statusText());
        LiveView spectrum = window.views().views().getFirst();
        assertEquals("spec", spectrum.blockId());
        DesignerFixture.await("the last frame to be drawn", () -> spectrum.framesDrawn() == 1);
    }
}
