package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.app.recovery.RecoveryFiles;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Autosave to a recovery file and the offer to recover it after a crash or kill (issue 12 point 6). */
@ExtendWith(ApplicationExtension.class)
class RecoveryTest {
    private MainWindow window;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private static Path recoveryDir() {
        return RecoveryFiles.defaultDir();
    }

    @Test
    void unsavedEditsAreKeptInARecoveryFileUntilSaved(FxRobot robot) throws Exception {
        Path mine = recoveryDir().resolve(ProcessHandle.current().pid() + ".graph");
        DesignerFixture.fx(robot, () -> window.document().apply("Add", g -> g.withBlock(
                BlockInstance.of("sink", "null_sink"))));
        DesignerFixture.fx(robot, () -> window.autosave().flush());
        window.autosave().drain();
        assertTrue(Files.exists(mine));
        assertEquals(window.document().graph(), new GraphReader().read(mine).graph());

        Path saved = tmp.resolve("saved.graph");
        DesignerFixture.fx(robot, () -> window.files().write(saved));
        window.autosave().drain();
        assertFalse(Files.exists(mine), "a saved graph leaves nothing to recover");
    }

    @Test
    void aGraphLeftByAKilledDesignerIsOfferedAndRecoveredAsAnUnsavedEdit(FxRobot robot) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path file = tmp.resolve("work.graph");
        Graph onDisk = Graph.EMPTY.withBlock(BlockInstance.of("src", "null_source"));
        new GraphWriter().save(onDisk, file);
        Graph unsaved = onDisk.withBlock(BlockInstance.of("sink", "null_sink")).withVariable("samp_rate", "48000");
        new RecoveryFiles(recoveryDir(), gone.pid()).write(unsaved, file);

        Platform.runLater(() -> window.offerRecovery());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#recovery-dialog").tryQuery().isPresent());
        Screenshots.save(robot, robot.lookup("#recovery-dialog").query().getScene(), "designer-recovery-offer");
        robot.clickOn("Recover");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(unsaved, window.document().graph());
        assertEquals(file, window.document().fileProperty().get());
        assertTrue(window.document().isDirty(), "recovered changes are not saved yet");
        assertFalse(Files.exists(recoveryDir().resolve(gone.pid() + ".graph")), "offered once");
        DesignerFixture.fx(robot, () -> window.document().undo());
        assertEquals(onDisk, window.document().graph(), "Undo shows the file as it was saved");
    }
}
