package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.PortDef;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.hier.HierBlock;
import org.sigflow.hier.HierLibrary;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Make Hier Block (Ctrl+H) turns the selection into a hier block saved in the library and shown in the palette;
 * the graph then runs it flattened; Open Hier Block (double-click) edits it in its own window, and saving there
 * updates the palette and the instance in the first window.
 */
@ExtendWith(ApplicationExtension.class)
class HierBlocksDesignerTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private static BlockInstance block(String id, String type, double x, Map<String, String> params) {
        return new BlockInstance(id, type, params, BlockState.ENABLED, x, 100, 0, null);
    }

    /** src → mul (× k) → fir → snk, with variable k. */
    private void loadChain(FxRobot robot) {
        Graph g = new Graph(org.sigflow.graph.Metadata.EMPTY, Map.of("k", "2"), List.of(
                block("src", "signal_source", 0, Map.of()),
                block("mul", "multiply_const", 260, Map.of("const", "k")),
                block("fir", "fir_filter", 520, Map.of("taps_mode", "explicit", "taps", "[0.5, 0.5]")),
                block("snk", "null_sink", 780, Map.of())), List.of(
                new Connection("src", "out", "mul", "in"), new Connection("mul", "out", "fir", "in"),
                new Connection("fir", "out", "snk", "in")), List.of());
        DesignerFixture.fx(robot, () -> {
            window.document().load(g, null);
            window.document().select(List.of("mul", "fir"));
        });
    }

    private String makeWithShortcut(FxRobot robot, String name) {
        robot.clickOn(window.canvas().node("snk").orElseThrow()); // focus the canvas…
        DesignerFixture.fx(robot, () -> window.document().select(List.of("mul", "fir"))); // …keep the selection
        robot.press(KeyCode.CONTROL, KeyCode.H).release(KeyCode.H, KeyCode.CONTROL);
        DesignerFixture.await("the name dialog", () -> robot.lookup("#hier-name").tryQuery().isPresent());
        robot.clickOn("#hier-name").press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL)
                .write(name).type(KeyCode.ENTER);
        String id = name.replace(' ', '_');
        DesignerFixture.await("the hier block in the graph", () -> window.document().graph().blocks().stream()
                .anyMatch(b -> b.type().equals(id)));
        return id;
    }

    private static Path library() {
        return Path.of(System.getProperty("sigflow.hier.home"));
    }

    @Test
    void makeHierBlockReplacesTheSelectionSavesItAndListsItInThePalette(FxRobot robot) throws Exception {
        loadChain(robot);
        String id = makeWithShortcut(robot, "gain filt");
        Graph g = window.document().graph();
        BlockInstance inst = g.blocks().stream().filter(b -> b.type().equals(id)).findFirst().orElseThrow();
        assertFalse(g.block("mul").isPresent() || g.block("fir").isPresent(), "the selection was replaced");
        assertEquals(Map.of("k", "k"), inst.params(), "its parameter follows the graph's variable");
        assertTrue(g.connections().containsAll(List.of(new Connection("src", "out", inst.id(), "in"),
                new Connection(inst.id(), "out", "snk", "in"))), g.connections().toString());
        assertTrue(window.document().validation().errors().isEmpty(), window.document().validation().errors()
                .toString());

        Path file = library().resolve(id + ".graph");
        assertTrue(Files.isRegularFile(file), "saved in the library folder");
        HierBlock h = HierLibrary.of(List.of(library())).load(file);
        assertEquals(List.of("in"), h.def().inputs().stream().map(PortDef::name).toList());
        assertEquals("cf32", h.def().outputs().getFirst().dtype());
        assertEquals(List.of("k"), h.def().params().stream().map(p -> p.id()).toList());
        assertEquals("2", h.def().params().getFirst().defaultValue());

        TreeView<?> tree = robot.lookup("#palette-tree").queryAs(TreeView.class);
        assertTrue(leaves(tree.getRoot()).stream().anyMatch(d -> d.id().equals(id)
                && d.category().equals(List.of("Hier"))), "the palette lists it under Hier");

        // for docs/hier-blocks.md: the palette searched for it, light and dark
        DesignerFixture.fx(robot, () -> robot.lookup("#palette-search").queryAs(javafx.scene.control.TextField.class)
                .setText("gain filt"));
        DesignerFixture.fx(robot, () -> window.themes().choose(org.sigflow.app.theme.Themes.Choice.LIGHT));
        Screenshots.save(robot, window.getScene(), "designer-hier-made-light");
        DesignerFixture.fx(robot, () -> window.themes().choose(org.sigflow.app.theme.Themes.Choice.DARK));
        Screenshots.save(robot, window.getScene(), "designer-hier-made-dark");
        DesignerFixture.fx(robot, () -> window.themes().choose(org.sigflow.app.theme.Themes.Choice.SYSTEM));

        AtomicReference<Boolean> started = new AtomicReference<>();
        DesignerFixture.fx(robot, () -> started.set(window.runner().start()));
        assertTrue(started.get(), window.statusText());
        DesignerFixture.await("a run badge on the hier instance (its busiest block inside)",
                () -> window.runBadges().text(inst.id()) != null);
        // its parameter changes while running: the multiplier inside follows
        DesignerFixture.fx(robot, () -> window.runner().paramCommitted(inst.id(), "k", "3"));
        DesignerFixture.await("the change applied", () -> window.statusText().startsWith("Applied variable "
                + inst.id() + "__k = 3"));
        DesignerFixture.fx(robot, () -> window.runner().stop());
        DesignerFixture.await("the run to stop", () -> window.runner().runningProperty().get() == null);

        DesignerFixture.fx(robot, () -> window.document().undo());
        assertTrue(window.document().graph().block("mul").isPresent(), "one undoable edit");
    }

    @Test
    void doubleClickOpensTheHierBlockAndSavingItUpdatesTheInstance(FxRobot robot) throws Exception {
        loadChain(robot);
        String id = makeWithShortcut(robot, "inner_edit");
        String inst = window.document().graph().blocks().stream().filter(b -> b.type().equals(id)).findFirst()
                .orElseThrow().id();
        int before = robot.listWindows().size();
        robot.doubleClickOn(window.canvas().node(inst).orElseThrow());
        DesignerFixture.await("the hier block's window", () -> robot.listWindows().size() == before + 1);
        MainWindow inner = robot.listWindows().stream().map(Window::getScene).filter(s -> s != null
                && s.getRoot() instanceof MainWindow w && w != window).map(s -> (MainWindow) s.getRoot())
                .filter(w -> library().resolve(id + ".graph").equals(w.document().fileProperty().get()))
                .findFirst().orElse(null);
        assertNotNull(inner, "a window editing " + id + ".graph");
        assertTrue(inner.document().graph().block("mul").isPresent(), "the blocks inside");
        // inside: a second (optional) output pad fed by the multiplier, then save
        DesignerFixture.fx(robot, () -> {
            inner.document().apply("add pad", g -> g.withBlock(new BlockInstance("mon", "hier_pad_out",
                    Map.of("type", "cf32", "optional", "true"), BlockState.ENABLED, 600, 300, 0, null))
                    .withConnection(new Connection("mul", "out", "mon", "in")));
            assertTrue(inner.files().save());
        });
        DesignerFixture.await("the instance to get the new port", () -> window.document().catalog().find(id)
                .map(d -> d.outputs().size() == 2).orElse(false));
        Screenshots.save(robot, inner.getScene(), "designer-hier-inside");
        BlockDef def = window.document().catalog().find(id).orElseThrow();
        assertEquals(List.of("out", "mon"), def.outputs().stream().map(PortDef::name).toList());
        assertTrue(window.document().validation().errors().isEmpty(), window.document().validation().errors()
                .toString());
        DesignerFixture.fx(robot, () -> ((Stage) inner.getScene().getWindow()).close());
    }

    @Test
    void aGrcFlowgraphUsingAGrcHierBlockImportsWithItInTheLibrary(FxRobot robot) throws Exception {
        Path data = Path.of("..", "engine", "src", "test", "resources", "grc", "hier");
        Path dir = Files.createTempDirectory("grc-hier");
        Files.copy(data.resolve("gain_filter_hb.grc"), dir.resolve("gain_filter_hb.grc"));
        Path uses = Files.copy(data.resolve("uses_gain_filter.grc"), dir.resolve("uses_gain_filter.grc"));
        DesignerFixture.fx(robot, () -> window.files().open(uses));
        BlockInstance inst = window.document().graph().block("gain_filter_hb_0").orElseThrow();
        assertEquals("gain_filter_hb", inst.type());
        assertTrue(Files.isRegularFile(library().resolve("gain_filter_hb.graph")), "saved into the library");
        assertTrue(window.document().validation().errors().isEmpty(), window.document().validation().errors()
                .toString());
        assertEquals(List.of("scale"), window.document().catalog().find("gain_filter_hb").orElseThrow().params()
                .stream().map(p -> p.id()).toList());
    }

    private static List<BlockDef> leaves(TreeItem<?> item) {
        if (item.getValue() instanceof BlockDef d) {
            return List.of(d);
        }
        return item.getChildren().stream().flatMap(c -> leaves(c).stream()).toList();
    }
}
