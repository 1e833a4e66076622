package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.Hyperlink;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.app.canvas.BlockNode;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.app.theme.Themes;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Align/distribute, recent files, dropping a file on the window, the start page and the themes. */
@ExtendWith(ApplicationExtension.class)
class DesignerToolsTest {
    private static final Path SAMPLE = DesignerFixture.SAMPLES.resolve("throttled-live-views.graph");
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private Bounds bounds(String id) {
        BlockNode n = window.canvas().node(id).orElseThrow();
        return n.getBoundsInParent();
    }

    @Test
    void alignTopAndDistributeHorizontallyFromTheEditMenu(FxRobot robot) {
        var cat = window.document().catalog();
        Graph g = Graph.EMPTY;
        g = GraphEdits.addBlock(cat.find("signal_source").orElseThrow(), "a", 0, 40).apply(g);
        g = GraphEdits.addBlock(cat.find("multiply_const").orElseThrow(), "b", 260, 120).apply(g);
        g = GraphEdits.addBlock(cat.find("null_sink").orElseThrow(), "c", 800, 10).apply(g);
        Graph built = g;
        DesignerFixture.fx(robot, () -> {
            window.document().load(built, null);
            window.document().select(List.of("a", "b", "c"));
        });
        robot.clickOn("Edit").clickOn("Arrange").clickOn("Align Top");
        DesignerFixture.fx(robot, () -> window.document().select(List.of()));
        assertEquals(bounds("a").getMinY(), bounds("b").getMinY(), 1e-9);
        assertEquals(bounds("a").getMinY(), bounds("c").getMinY(), 1e-9);
        assertEquals(10 + bounds("c").getMinY() - window.document().graph().block("c").orElseThrow().y(),
                bounds("c").getMinY(), 1e-9, "the topmost block stays");
        DesignerFixture.fx(robot, () -> window.document().select(List.of("a", "b", "c")));
        robot.clickOn("Edit").clickOn("Arrange").clickOn("Distribute Horizontally");
        DesignerFixture.fx(robot, () -> window.document().select(List.of()));
        double gap1 = bounds("b").getMinX() - bounds("a").getMaxX();
        double gap2 = bounds("c").getMinX() - bounds("b").getMaxX();
        assertEquals(gap1, gap2, 1e-6, "equal gaps");
        assertTrue(gap1 > 0);
        assertEquals("Undo Distribute horizontally: 3 blocks", "Undo " + window.document().history().nextUndo()
                .orElseThrow());
    }

    @Test
    void openedFilesAreRecentAndReopenFromTheFileMenu(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(SAMPLE));
        assertEquals(SAMPLE, window.recentFiles().files().getFirst());
        Path store = Path.of(System.getProperty("sigflow.configDir"), "recent-files");
        assertEquals(SAMPLE.toString(), Files.readAllLines(store).getFirst(), "kept for the next start");
        DesignerFixture.fx(robot, () -> window.files().newGraph());
        robot.clickOn("File").clickOn("Open Recent").clickOn("throttled-live-views.graph  —  " + SAMPLE.getParent());
        assertEquals(SAMPLE, window.document().fileProperty().get());
    }

    @Test
    void droppingFilesOnTheWindowOpensTheFirst(FxRobot robot) {
        // A drop from the desktop cannot be made headless: the handler's opening step is driven with what a drop
        // of two files hands it.
        DesignerFixture.fx(robot, () -> window.openDropped(List.of(SAMPLE.toFile(),
                DesignerFixture.SAMPLES.resolve("throttled-tone.graph").toFile())));
        assertEquals(SAMPLE, window.document().fileProperty().get());
        assertFalse(window.document().graph().blocks().isEmpty());
        assertTrue(window.statusText().contains("1 more not opened"), window.statusText());
    }

    @Test
    void theStartPageListsSamplesAndRecentFilesAndOpensThem(FxRobot robot) throws Exception {
        System.setProperty("sigflow.samples", DesignerFixture.SAMPLES.toString());
        MainWindow[] fresh = new MainWindow[1];
        DesignerFixture.fx(robot, () -> {
            try {
                fresh[0] = DesignerFixture.show((Stage) window.getScene().getWindow());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            fresh[0].showStartPage();
        });
        window = fresh[0];
        assertTrue(window.isStartPageShowing());
        List<String> samples = robot.lookup("#start-samples").queryAs(javafx.scene.layout.VBox.class).getChildren()
                .stream().map(n -> ((Hyperlink) n).getText()).toList();
        assertTrue(samples.contains("throttled-live-views.graph"), samples.toString());
        Screenshots.save(robot, window.getScene(), "designer-start-page");
        robot.clickOn("throttled-live-views.graph");
        assertEquals(SAMPLE, window.document().fileProperty().get());
        assertFalse(window.isStartPageShowing(), "opening a graph closes the start page");
        System.clearProperty("sigflow.samples");
    }

    @Test
    void theDarkThemeIsChosenFromTheViewMenuAndSaved(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(SAMPLE));
        assertFalse(dark(robot), "the headless platform reports a light scheme");
        themeItem(robot, "Dark");
        assertTrue(dark(robot));
        assertTrue(window.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("designer-dark.css")));
        Color canvas = pixel(robot, 5, 5);
        assertTrue(canvas.getBrightness() < 0.35, "the canvas is dark: " + canvas);
        Color card = pixel(robot, "block-" + window.document().graph().blocks().getFirst().id(), 20, 30);
        assertTrue(card.getBrightness() < 0.4, "block cards are dark: " + card);
        Screenshots.save(robot, window.getScene(), "designer-dark");
        Path settings = Path.of(System.getProperty("sigflow.configDir"), "settings.properties");
        assertTrue(Files.readString(settings).contains("theme=dark"));
        themeItem(robot, "Follow the System");
        assertEquals(Themes.Choice.SYSTEM, window.themes().choiceProperty().get());
        assertTrue(pixel(robot, 5, 5).getBrightness() > 0.8, "back to light");
    }

    /** Fires View ▸ Theme ▸ {@code label} (the submenu's popup is not reliably clickable headless). */
    private void themeItem(FxRobot robot, String label) {
        var view = robot.lookup("#menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus().get(2);
        var theme = (javafx.scene.control.Menu) view.getItems().stream().filter(i -> "_Theme".equals(i.getText()))
                .findFirst().orElseThrow();
        DesignerFixture.fx(robot, () -> theme.getItems().stream().filter(i -> label.equals(i.getText())).findFirst()
                .orElseThrow().fire());
    }

    private boolean dark(FxRobot robot) {
        boolean[] d = new boolean[1];
        robot.interact(() -> d[0] = window.themes().isDark());
        return d[0];
    }

    private Color pixel(FxRobot robot, double x, double y) {
        Color[] c = new Color[1];
        robot.interact(() -> c[0] = window.canvas().snapshot(null, null).getPixelReader().getColor((int) x, (int) y));
        return c[0];
    }

    private Color pixel(FxRobot robot, String nodeId, double x, double y) {
        Color[] c = new Color[1];
        robot.interact(() -> {
            var n = window.canvas().lookup("#" + nodeId);
            var p = window.canvas().sceneToLocal(n.localToScene(x, y));
            c[0] = window.canvas().snapshot(null, null).getPixelReader().getColor((int) p.getX(), (int) p.getY());
        });
        return c[0];
    }
}
