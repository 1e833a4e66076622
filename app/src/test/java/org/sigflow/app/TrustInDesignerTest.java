package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A graph from elsewhere that would write outside its folder is not run from the Run button until the user has seen
 * the list and said yes; a no leaves nothing written, a yes runs it and is remembered (no second question).
 */
@ExtendWith(ApplicationExtension.class)
class TrustInDesignerTest {
    @TempDir
    Path tmp;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    /** A downloaded graph whose file_sink writes next to its folder, not in it. */
    private Path downloaded(Path outside) throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("downloads"));
        Graph g = Graph.EMPTY
                .withBlock(BlockInstance.of("src", "vector_source").withParam("type", "f32")
                        .withParam("vector", "[1.0, 2.0]").withParam("repeat", "False"))
                .withBlock(BlockInstance.of("sink", "file_sink").withParam("type", "f32")
                        .withParam("format", "f32_le").withParam("file", "'" + outside + "'"))
                .withConnection(new Connection("src", "out", "sink", "in"));
        Path file = folder.resolve("shared.graph");
        new GraphWriter().save(g, file);
        return file;
    }

    private void openAndRun(FxRobot robot, Path file) {
        DesignerFixture.fx(robot, () -> window.files().open(file));
        robot.clickOn("#run-button");
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void noLeavesTheGraphUnrun(FxRobot robot) throws Exception {
        Path outside = tmp.resolve("outside.f32");
        openAndRun(robot, downloaded(outside));
        assertTrue(robot.lookup("#trust-dialog").tryQuery().isPresent(), window.statusText());
        String listed = robot.lookup("#trust-concerns").queryAs(TextArea.class).getText();
        assertEquals("• block 'sink' writes '" + outside + "' (param 'file'), outside the graph's folder", listed);
        Screenshots.save(robot, robot.lookup("#trust-dialog").query().getScene(), "designer-trust-question");
        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(window.runner().running());
        assertTrue(window.statusText().startsWith("Not run: shared.graph is not trusted"), window.statusText());
        assertFalse(Files.exists(outside), "nothing was written");
    }

    @Test
    void yesRunsItAndIsRemembered(FxRobot robot) throws Exception {
        Path outside = tmp.resolve("outside.f32");
        Path file = downloaded(outside);
        openAndRun(robot, file);
        assertTrue(robot.lookup("#trust-dialog").tryQuery().isPresent(), window.statusText());
        robot.clickOn("#trust-run");
        DesignerFixture.await("the run to finish", () -> window.runner().running() == null
                && window.statusText().startsWith("Finished"));
        assertEquals(8, Files.size(outside), "two float32 samples written");

        Files.delete(outside);
        robot.clickOn("#run-button");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#trust-dialog").tryQuery().isPresent(), "asked once");
        DesignerFixture.await("the second run to finish", () -> window.runner().running() == null
                && window.statusText().startsWith("Finished"));
        assertEquals(8, Files.size(outside));
    }
}
