package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.canvas.BlockNode;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The designer bugs of issue 10, each driven as a user would (keys, menus, wires) on the real window. */
@ExtendWith(ApplicationExtension.class)
class DesignerFixesTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private Graph graph() {
        return window.document().graph();
    }

    private void set(FxRobot robot, Graph g) {
        DesignerFixture.fx(robot, () -> window.document().apply("Build", x -> g));
    }

    private Graph chain(String... typesAndIds) {
        Graph g = Graph.EMPTY;
        for (int i = 0; i < typesAndIds.length; i += 2) {
            g = GraphEdits.addBlock(window.document().catalog().find(typesAndIds[i]).orElseThrow(),
                    typesAndIds[i + 1], 100 + 150 * i, 100).apply(g);
            if (i > 0) {
                g = g.withConnection(new Connection(typesAndIds[i - 1], "out", typesAndIds[i + 1], "in"));
            }
        }
        return g;
    }

    /** No two blocks on the canvas have intersecting bounds. */
    private void assertNoOverlap(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.document().select(List.of())); // selection shadows aside
        List<BlockNode> nodes = new ArrayList<>();
        graph().blocks().forEach(b -> nodes.add(window.canvas().node(b.id()).orElseThrow()));
        for (int i = 0; i < nodes.size(); i++) {
            for (int j = i + 1; j < nodes.size(); j++) {
                Bounds a = nodes.get(i).getBoundsInParent();
                Bounds b = nodes.get(j).getBoundsInParent();
                assertFalse(a.intersects(b), nodes.get(i).getId() + " " + a + " overlaps " + nodes.get(j).getId()
                        + " " + b);
            }
        }
    }

    private MenuItem editItem(FxRobot robot, int index) {
        return robot.lookup("#menu-bar").queryAs(MenuBar.class).getMenus().get(1).getItems().get(index);
    }

    @Test
    void redoWorksWithCtrlShiftZAndCtrlYEvenAfterTheEditMenuWasOpenedWithNothingToRedo(FxRobot robot) {
        robot.clickOn("Edit"); // opened while there is nothing to redo: redo was left disabled, its key dead
        robot.type(KeyCode.ESCAPE);
        set(robot, chain("signal_source", "src", "multiply_const", "multiply_const_0", "null_sink", "sink"));
        robot.clickOn("#graph-canvas");
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        assertTrue(graph().blocks().isEmpty());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z).release(KeyCode.Z, KeyCode.SHIFT, KeyCode.CONTROL);
        assertEquals(3, graph().blocks().size(), "Ctrl+Shift+Z redid the edit");
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.Y).release(KeyCode.Y, KeyCode.CONTROL);
        assertEquals(3, graph().blocks().size(), "Ctrl+Y redid the edit");
    }

    @Test
    void editMenuLabelsKeepUnderscores(FxRobot robot) {
        set(robot, chain("multiply_const", "multiply_const_0"));
        DesignerFixture.fx(robot, () -> window.document().apply("Delete multiply_const_0",
                GraphEdits.delete(List.of("multiply_const_0"), List.of())));
        robot.clickOn("Edit");
        MenuItem undo = editItem(robot, 0);
        assertEquals("Undo Delete multiply_const_0", undo.getText());
        assertFalse(undo.isMnemonicParsing(), "with mnemonic parsing the label shows multiplyconst_0");
        assertTrue(robot.lookup(n -> n instanceof javafx.scene.control.Label l
                && "Undo Delete multiply_const_0".equals(l.getText())).tryQuery().isPresent(),
                "the shown label keeps the underscore");
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void pastingIntoAnotherGraphBringsTheVariablesTheBlocksUse(FxRobot robot) {
        Graph source = chain("signal_source", "src", "null_sink", "sink")
                .withVariable("samp_rate", "48000").withVariable("tone", "samp_rate / 8")
                .withVariable("unused", "1");
        source = source.withBlockEdited("src", b -> b.withParam("frequency", "tone"));
        set(robot, source);
        DesignerFixture.fx(robot, () -> window.document().select(List.of("src", "sink")));
        robot.clickOn("#graph-canvas", javafx.scene.input.MouseButton.MIDDLE);
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        DesignerFixture.fx(robot, () -> window.document().load(Graph.EMPTY.withVariable("samp_rate", "1e6"), null));
        robot.clickOn("#graph-canvas", javafx.scene.input.MouseButton.MIDDLE);
        robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
        assertEquals(2, graph().blocks().size());
        assertEquals(Map.of("samp_rate", "1e6", "tone", "samp_rate / 8"), graph().variables(),
                "the used variables come along; the target's own samp_rate is kept");
        assertTrue(window.document().validation().errors().isEmpty(), () -> window.document().validation().errors()
                .toString());
    }

    @Test
    void pastedBlocksDoNotCoverTheOriginals(FxRobot robot) {
        set(robot, chain("signal_source", "src", "multiply_const", "gain", "null_sink", "sink"));
        DesignerFixture.fx(robot, () -> window.document().select(List.of("src", "gain", "sink")));
        robot.clickOn("#graph-canvas", javafx.scene.input.MouseButton.MIDDLE);
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
        assertEquals(6, graph().blocks().size());
        assertNoOverlap(robot);
    }

    @Test
    void memoryNodesFromCtrlGLandClearOfOtherBlocks(FxRobot robot) {
        // A second row just below the chain, where the memory nodes used to be dropped.
        Graph g = chain("signal_source", "src", "multiply_const", "gain", "null_sink", "sink");
        g = g.withBlock(BlockInstance.of("below_a", "null_source").withPosition(180, 260))
                .withBlock(BlockInstance.of("below_b", "null_source").withPosition(420, 260));
        set(robot, g);
        DesignerFixture.fx(robot, () -> window.document().select(List.of("gain")));
        robot.clickOn("#block-gain");
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        assertEquals("multiply_const_cuda", graph().block("gain").orElseThrow().type());
        assertEquals(7, graph().blocks().size(), "two memory nodes were inserted");
        assertNoOverlap(robot);
    }

    @Test
    void anImportedGrcFlowgraphHasNoOverlappingBlocks(FxRobot robot) throws Exception {
        Path grc = Path.of("..", "engine", "src", "test", "resources", "grc", "golden", "tone.grc").toAbsolutePath();
        Platform.runLater(() -> window.files().open(grc));
        WaitForAsyncUtils.waitForFxEvents();
        if (robot.lookup("#grc-import-dialog").tryQuery().isPresent()) {
            robot.clickOn("OK");
        }
        assertEquals(5, graph().blocks().size());
        assertNoOverlap(robot);
        Screenshots.save(robot, window.getScene(), "designer-grc-import-no-overlap");
    }

    @Test
    void aHandDrawnCpuToCudaWireOffersTheMemoryNode(FxRobot robot) throws Exception {
        Graph g = chain("signal_source", "src").withBlock(
                GraphEdits.addBlock(window.document().catalog().find("multiply_const_cuda").orElseThrow(), "gain",
                        400, 100).apply(Graph.EMPTY).block("gain").orElseThrow());
        set(robot, g);
        robot.drag("#port-src-out-out").dropTo("#port-gain-in-in");
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(robot.lookup("#memory-node-dialog").tryQuery().orElse(null), window.statusText());
        Screenshots.save(robot, robot.lookup("#memory-node-dialog").query().getScene(), "designer-memory-node-offer");
        robot.clickOn("Insert memory node");
        assertEquals(List.of(new Connection("src", "out", "memory_h2d_0", "in"),
                new Connection("memory_h2d_0", "out", "gain", "in")), graph().connections());
        assertTrue(window.document().validation().errors().stream().noneMatch(p -> p.where().contains("gain")
                && p.message().contains("domain")), () -> window.document().validation().errors().toString());
        assertNoOverlap(robot);
        robot.clickOn("#graph-canvas", javafx.scene.input.MouseButton.MIDDLE);
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        assertEquals(List.of(), graph().connections(), "one undo removes wire and node");
    }

    @Test
    void fileNewClearsTheTimingView(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        robot.clickOn("#run-button");
        var timing = window.views().views().stream().filter(v -> v.getId().equals("view-timing")).findFirst()
                .orElseThrow();
        DesignerFixture.await("the timing view to draw", () -> timing.framesDrawn() >= 1);
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        DesignerFixture.fx(robot, () -> window.files().newGraph());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, window.runner().lastRun());
        assertTrue(window.views().views().stream().allMatch(v -> v.framesDrawn() == 0),
                "no view still shows the old graph's run");
    }

    @Test
    void runningCudaBlocksSaysWhereTheyRun(FxRobot robot) {
        Graph g = chain("signal_source", "src", "multiply_const", "gain", "null_sink", "sink");
        set(robot, g);
        DesignerFixture.fx(robot, () -> window.document().select(List.of("gain")));
        robot.clickOn("#block-gain");
        robot.press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        robot.clickOn("#run-button");
        String status = window.statusText();
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        assertTrue(status.startsWith("Running — ") && (status.contains("CUDA blocks run on the CPU")
                || status.contains("CUDA blocks run on ")), status);
    }

    @Test
    void helpListsTheShortcuts(FxRobot robot) {
        robot.clickOn("Help").clickOn("Keyboard Shortcuts");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#shortcuts-dialog").tryQuery().isPresent());
        assertTrue(robot.lookup(n -> n instanceof javafx.scene.control.Label l
                && "Ctrl+Shift+Z or Ctrl+Y".equals(l.getText())).tryQuery().isPresent());
        robot.clickOn("OK");
    }
}
