package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Editing on the canvas with real gestures: palette, connect by dragging, params, undo/redo, rotate, move. */
@ExtendWith(ApplicationExtension.class)
class CanvasEditingTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private Graph graph() {
        return window.document().graph();
    }

    private void addFromPalette(FxRobot robot, String search, String blockId) {
        robot.clickOn("#palette-search");
        DesignerFixture.fx(robot, () -> robot.lookup("#palette-search").queryAs(TextField.class).setText(search));
        robot.doubleClickOn("#palette-" + blockId);
    }

    @Test
    void blocksComeFromThePaletteAndConnectByDraggingPortToPort(FxRobot robot) {
        addFromPalette(robot, "signal source", "signal_source");
        addFromPalette(robot, "null sink", "null_sink");
        addFromPalette(robot, "float to complex", "float_to_complex");
        assertEquals(List.of("signal_source", "null_sink", "float_to_complex"),
                graph().blocks().stream().map(BlockInstance::type).toList());
        BlockInstance src = graph().blocks().getFirst();
        assertEquals("cosine", src.params().get("waveform"), "new blocks carry their catalog defaults");

        robot.drag("#port-signal_source_0-out-out").dropTo("#port-null_sink_0-in-in");
        assertEquals(List.of(new Connection("signal_source_0", "out", "null_sink_0", "in")), graph().connections());

        // A complex output cannot feed a float input: refused, with the validator's reason.
        robot.drag("#port-signal_source_0-out-out").dropTo("#port-float_to_complex_0-in-re");
        assertEquals(1, graph().connections().size());
        String status = window.statusText();
        assertTrue(status.startsWith("Cannot connect signal_source_0:out → float_to_complex_0:re"), status);
        assertTrue(status.contains("cf32") && status.contains("f32"), status);
    }

    @Test
    void aBadExpressionShowsItsErrorInlineAndUndoRedoCoverEveryEdit(FxRobot robot) {
        addFromPalette(robot, "signal source", "signal_source");
        Graph added = graph();
        Label value = robot.lookup("#value-frequency").queryAs(Label.class);
        assertEquals("= 1000.0 Hz (1 kHz)", value.getText());

        robot.doubleClickOn("#param-frequency").eraseText(4).write("samp_rate *").type(KeyCode.ENTER);
        assertEquals("samp_rate *", graph().block("signal_source_0").orElseThrow().params().get("frequency"));
        Label error = robot.lookup("#value-frequency").queryAs(Label.class);
        assertTrue(error.getStyleClass().contains("error-text"));
        assertTrue(error.getText().contains("invalid expression 'samp_rate *'"), error.getText());
        assertTrue(window.document().validation().errors().stream()
                .anyMatch(p -> p.where().equals("block 'signal_source_0' param 'frequency'")));

        robot.clickOn("#undo-button");
        assertEquals(added, graph());
        assertEquals("= 1000.0 Hz (1 kHz)", robot.lookup("#value-frequency").queryAs(Label.class).getText());
        robot.clickOn("#redo-button");
        assertEquals("samp_rate *", graph().block("signal_source_0").orElseThrow().params().get("frequency"));
        robot.clickOn("#undo-button").clickOn("#undo-button");
        assertTrue(graph().blocks().isEmpty(), "undoing the add removes the block");
        assertFalse(window.document().isDirty());
    }

    @Test
    void rotateMoveAndDeleteAreEditsThatPersistInTheGraph(FxRobot robot) {
        addFromPalette(robot, "throttle", "throttle");
        BlockInstance before = graph().blocks().getFirst();
        robot.clickOn("#block-throttle_0").type(KeyCode.R);
        assertEquals(90, graph().blocks().getFirst().rotation());
        robot.drag("#block-throttle_0").moveBy(73, 41).drop();
        BlockInstance after = graph().blocks().getFirst();
        assertEquals(before.x() + 70, after.x(), 0, "snapped to the 10 px grid");
        assertEquals(before.y() + 40, after.y(), 0);
        assertEquals(0, after.x() % 10, 0);
        robot.clickOn("#block-throttle_0").type(KeyCode.D);
        assertEquals("disabled", graph().blocks().getFirst().state().id());
        robot.type(KeyCode.DELETE);
        assertTrue(graph().blocks().isEmpty());
        robot.clickOn("#undo-button");
        assertEquals("disabled", graph().blocks().getFirst().state().id());
    }

    @Test
    void rubberBandSelectsTheBlocksItTouches(FxRobot robot) {
        addFromPalette(robot, "null source", "null_source");
        addFromPalette(robot, "null sink", "null_sink");
        DesignerFixture.fx(robot, () -> window.document().selectedBlocks().clear());
        javafx.geometry.Bounds a = robot.lookup("#block-null_source_0").query().localToScreen(
                robot.lookup("#block-null_source_0").query().getBoundsInLocal());
        javafx.geometry.Bounds b = robot.lookup("#block-null_sink_0").query().localToScreen(
                robot.lookup("#block-null_sink_0").query().getBoundsInLocal());
        robot.moveTo(new javafx.geometry.Point2D(Math.min(a.getMinX(), b.getMinX()) - 25,
                Math.min(a.getMinY(), b.getMinY()) - 25));
        robot.press(javafx.scene.input.MouseButton.PRIMARY).moveTo(new javafx.geometry.Point2D(
                Math.max(a.getMaxX(), b.getMaxX()) - 10, Math.max(a.getMaxY(), b.getMaxY()) - 10))
                .release(javafx.scene.input.MouseButton.PRIMARY);
        assertEquals(List.of("null_source_0", "null_sink_0"), window.document().selectedInGraphOrder());
    }

    @Test
    void gpuMemoryPortsAndBlockStatesAreDrawnDistinctly(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve("noise-spectrum.graph")));
        DesignerFixture.fx(robot, () -> window.document().apply("Add memory nodes", g -> g
                .withBlock(new BlockInstance("to_gpu", "memory_h2d", java.util.Map.of(), BlockState.ENABLED, 220, 220,
                        0, null))
                .withBlock(new BlockInstance("to_cpu", "memory_d2h", java.util.Map.of(), BlockState.ENABLED, 480, 220,
                        0, "GPU section goes here"))
                .withConnection(new Connection("to_gpu", "out", "to_cpu", "in"))));
        Rectangle gpuOut = robot.lookup("#port-to_gpu-out-out").queryAs(Rectangle.class);
        Rectangle cpuIn = robot.lookup("#port-to_gpu-in-in").queryAs(Rectangle.class);
        assertEquals(Color.web("#76b900").darker(), gpuOut.getStroke(), "GPU-memory ports have a green rim");
        assertEquals(3, gpuOut.getStrokeWidth(), 0);
        assertEquals(1, cpuIn.getStrokeWidth(), 0);
        assertEquals(Color.web("#3399ff"), gpuOut.getFill(), "the fill still tells the dtype (cf32 blue)");
        assertEquals(1, robot.lookup("#edge-to_gpu-out-to_cpu-in #gpu-halo").queryAll().size(),
                "an edge in GPU memory has a green halo");
        assertEquals(0, robot.lookup("#edge-noise-out-gain-in #gpu-halo").queryAll().size());
        assertEquals(0.38, robot.lookup("#block-record").query().getOpacity(), 1e-9, "disabled blocks are faded");
        Rectangle bypassedBody = (Rectangle) ((javafx.scene.Group) robot.lookup("#block-gain").query())
                .getChildren().getFirst();
        assertFalse(bypassedBody.getStrokeDashArray().isEmpty(), "bypassed blocks have a dashed outline");
        DesignerFixture.fx(robot, () -> window.canvas().fitToContent());
        Screenshots.save(robot, window.getScene(), "designer-editing");
    }

    @Test
    void clickingAProblemSelectsItsBlock(FxRobot robot) {
        addFromPalette(robot, "null sink", "null_sink");
        DesignerFixture.fx(robot, () -> window.document().selectedBlocks().clear());
        robot.clickOn("#tab-problems");
        robot.clickOn("input 'in' is not connected");
        assertEquals(List.of("null_sink_0"), window.document().selectedInGraphOrder());
    }

    @Test
    void theWheelZoomsAroundTheCursor(FxRobot robot) {
        double before = window.canvas().zoomFactor();
        robot.moveTo("#graph-canvas").scroll(3, javafx.geometry.VerticalDirection.UP);
        org.junit.jupiter.api.Assertions.assertNotEquals(before, window.canvas().zoomFactor());
    }

    @Test
    void ctrlGMovesABlockToItsCudaTwinWithMemoryNodesAndUndoRestoresIt(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.document().apply("Add", g -> g
                .withBlock(BlockInstance.of("src", "null_source").withPosition(100, 100))
                .withBlock(BlockInstance.of("gain", "multiply_const").withPosition(300, 100))
                .withBlock(BlockInstance.of("snk", "null_sink").withPosition(500, 100))
                .withConnection(new Connection("src", "out", "gain", "in"))
                .withConnection(new Connection("gain", "out", "snk", "in"))));
        Graph before = graph();
        robot.clickOn("#block-gain");
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        assertEquals("multiply_const_cuda", graph().block("gain").orElseThrow().type());
        assertEquals(List.of("src", "gain", "snk", "memory_h2d_0", "memory_d2h_0"),
                graph().blocks().stream().map(BlockInstance::id).toList());
        assertTrue(window.document().validation().errors().isEmpty(), () -> window.document().validation().errors()
                .toString());
        assertTrue(window.statusText().startsWith("Switched gain between CPU and CUDA"), window.statusText());
        Screenshots.save(robot, window.getScene(), "designer-cuda-switch");
        robot.clickOn("#undo-button");
        assertEquals(before, graph(), "the switch is one edit");
    }

    @Test
    void copyAndPasteDuplicateBlocksWithTheirInnerConnections(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.document().apply("Add", g -> g
                .withBlock(BlockInstance.of("src", "null_source").withPosition(100, 100))
                .withBlock(BlockInstance.of("snk", "null_sink").withPosition(300, 100))
                .withConnection(new Connection("src", "out", "snk", "in"))));
        robot.clickOn("#block-src");
        robot.press(KeyCode.CONTROL).type(KeyCode.A).type(KeyCode.C).type(KeyCode.V).release(KeyCode.CONTROL);
        assertEquals(List.of("src", "snk", "null_source_0", "null_sink_0"),
                graph().blocks().stream().map(BlockInstance::id).toList());
        assertEquals(new Connection("null_source_0", "out", "null_sink_0", "in"), graph().connections().get(1));
        assertEquals(130, graph().block("null_source_0").orElseThrow().x(), 0);
        assertEquals(List.of("null_source_0", "null_sink_0"), window.document().selectedInGraphOrder());
        robot.clickOn("#undo-button");
        assertEquals(2, graph().blocks().size(), "a paste is one edit");
    }

    @Test
    void paramPreviewsFollowTheVariablesTheyUse(FxRobot robot) {
        addFromPalette(robot, "signal source", "signal_source");
        robot.doubleClickOn("#param-frequency").eraseText(4).write("f0 / 2").type(KeyCode.ENTER);
        assertTrue(robot.lookup("#value-frequency").queryAs(Label.class).getText().contains("f0"));
        robot.clickOn("#tab-variables");
        robot.clickOn("#var-new-name").write("f0").clickOn("#var-new-expr").write("4e3").type(KeyCode.ENTER);
        assertEquals(Map.of("f0", "4e3"), graph().variables());
        assertEquals("= 2000.0 Hz (2 kHz)", robot.lookup("#value-frequency").queryAs(Label.class).getText());
    }

    @Test
    void withNothingSelectedThePropertiesEditTheGraphsTitle(FxRobot robot) {
        robot.clickOn("#graph-title").write("My receiver").type(KeyCode.ENTER);
        assertEquals("My receiver", graph().metadata().title());
        assertTrue(((javafx.stage.Stage) window.getScene().getWindow()).getTitle().contains("My receiver"));
    }
}
