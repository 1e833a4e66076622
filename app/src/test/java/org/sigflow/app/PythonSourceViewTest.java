package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** An imported GRC epy_block shows its Python code read-only in a viewer, never as an editable param. */
@ExtendWith(ApplicationExtension.class)
class PythonSourceViewTest {
    /** GNU Radio's example gr-blocks/examples/tags/tagged_file_sink.grc (one epy_block, block_test_bursts). */
    private static final Path GRC = Path.of("..", "engine", "src", "test", "resources", "grc", "examples", "gr-blocks",
            "examples", "tags", "tagged_file_sink.grc").toAbsolutePath();
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void theViewerShowsThePythonCodeAndCannotEditIt(FxRobot robot) {
        Platform.runLater(() -> window.files().open(GRC));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("OK"); // the import report
        DesignerFixture.fx(robot, () -> window.document().select(List.of("block_test_bursts")));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#properties #param-source_code").tryQuery().isEmpty(),
                "the source must have no editable field");
        assertTrue(robot.lookup("#properties #param-grc_type").tryQuery().isPresent());
        Graph before = window.document().graph();

        robot.clickOn("#view-python-source");
        WaitForAsyncUtils.waitForFxEvents();
        TextArea code = robot.lookup("#python-source-dialog #python-source-text").queryAs(TextArea.class);
        String text = code.getText();
        // lines of the block's _source_code in the .grc, unescaped from its YAML string
        assertTrue(text.startsWith("\"\"\"\nEmbedded Python Blocks:\n"), text);
        assertTrue(text.contains("\nimport numpy as np\nfrom gnuradio import gr\nimport pmt\n"), text);
        assertTrue(text.contains("class blk(gr.sync_block):"), text);
        assertFalse(code.isEditable());
        assertTrue(robot.lookup("#python-source-note").queryAs(Label.class).getText()
                .contains("SigFlow never runs this Python code"));

        robot.clickOn(code).write("x = 1");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(text, code.getText(), "typing must not change the code");
        robot.clickOn("Close");
        assertEquals(before, window.document().graph(), "viewing the code changes nothing in the graph");
    }
}
