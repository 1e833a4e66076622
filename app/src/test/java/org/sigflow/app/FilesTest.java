package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Open and save through the designer: byte-identical round trips, bad files explained without losing anything. */
@ExtendWith(ApplicationExtension.class)
class FilesTest {
    private MainWindow window;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    private boolean open(FxRobot robot, Path file) {
        boolean[] ok = new boolean[1];
        DesignerFixture.fx(robot, () -> ok[0] = window.files().open(file));
        return ok[0];
    }

    @Test
    void everySampleGraphSavesByteIdenticalAndReopensEqual(FxRobot robot) throws Exception {
        for (String name : new String[] {"fm-loopback.graph", "noise-spectrum.graph", "throttled-live-views.graph"}) {
            Path sample = DesignerFixture.SAMPLES.resolve(name);
            assertTrue(open(robot, sample), name);
            Graph opened = window.document().graph();
            assertFalse(opened.blocks().isEmpty());
            Path copy = tmp.resolve(name);
            DesignerFixture.fx(robot, () -> window.files().write(copy));
            assertArrayEquals(Files.readAllBytes(sample), Files.readAllBytes(copy), name + ": load → save");
            assertFalse(window.document().isDirty());
            assertTrue(open(robot, copy));
            assertEquals(opened, window.document().graph());
        }
    }

    @Test
    void aMalformedOrNewerFileIsExplainedAndTheOpenGraphIsKept(FxRobot robot) throws Exception {
        assertTrue(open(robot, DesignerFixture.SAMPLES.resolve("fm-loopback.graph")));
        // An unsaved edit that must survive the failed open.
        DesignerFixture.fx(robot, () -> window.document().apply("Set", g -> g.withVariable("extra", "1")));
        Graph before = window.document().graph();

        Path bad = tmp.resolve("broken.graph");
        Files.writeString(bad, "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [ {\"id\": 3} ]");
        Path newer = tmp.resolve("newer.graph");
        Files.writeString(newer, "{\"format\": \"sigflow-graph\", \"version\": 99, \"blocks\": []}");
        for (Path file : new Path[] {bad, newer}) {
            Platform.runLater(() -> window.files().open(file)); // asks first: there are unsaved changes
            WaitForAsyncUtils.waitForFxEvents();
            robot.clickOn("Don't Save");
            WaitForAsyncUtils.waitForFxEvents();
            DialogPane dialog = robot.lookup("#error-dialog").queryAs(DialogPane.class);
            assertEquals("Cannot open " + file.getFileName(), dialog.getHeaderText());
            String details = robot.lookup("#error-details").queryAs(TextArea.class).getText();
            if (file == newer) {
                assertTrue(details.contains("newer SigFlow"), details);
            } else {
                assertTrue(details.startsWith("1:66 ") && details.contains("ends too early"), details);
            }
            robot.clickOn("OK");
            assertEquals(before, window.document().graph(), "nothing the user had is lost");
            assertTrue(window.document().isDirty());
        }
    }

    @Test
    void aFileWithUnknownBlockTypesOpensWithAWarningAndSavesThemUnchanged(FxRobot robot) throws Exception {
        Graph g = Graph.EMPTY.withBlock(new BlockInstance("lpf", "fir_filterr", java.util.Map.of("taps", "[1, 2]"),
                BlockState.ENABLED, 100, 40, 0, null));
        Path file = tmp.resolve("typo.graph");
        new GraphWriter().save(g, file);
        Platform.runLater(() -> window.files().open(file));
        WaitForAsyncUtils.waitForFxEvents();
        String details = robot.lookup("#unknown-blocks-dialog #error-details").queryAs(TextArea.class).getText();
        assertEquals("block 'lpf': unknown block type 'fir_filterr' (did you mean 'fir_filter'?)", details);
        robot.clickOn("OK");
        assertEquals(g, window.document().graph());
        Path copy = tmp.resolve("copy.graph");
        DesignerFixture.fx(robot, () -> window.files().write(copy));
        assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(copy));
    }

    @Test
    void aGrcFlowgraphIsImportedIntoANewUnsavedGraphWithItsReport(FxRobot robot) throws Exception {
        Path grc = Path.of("..", "engine", "src", "test", "resources", "grc", "golden", "partial.grc").toAbsolutePath();
        Platform.runLater(() -> window.files().open(grc));
        WaitForAsyncUtils.waitForFxEvents();
        String details = robot.lookup("#grc-import-dialog #error-details").queryAs(TextArea.class).getText();
        assertTrue(details.contains("needs attention: block scope (qtgui_azelplot): not imported"), details);
        robot.clickOn("OK");
        assertEquals(java.util.List.of("src0", "src1", "add", "fir", "dbg"), window.document().graph().blocks().stream()
                .map(BlockInstance::id).toList());
        assertEquals(null, window.document().fileProperty().get(), "Save must ask where: the .grc is never overwritten");
        assertTrue(window.document().isDirty());
        assertTrue(window.statusText().contains("from GNU Radio Companion (partial"), window.statusText());
    }

    @Test
    void aMissingFileIsNamedInTheMessage(FxRobot robot) {
        Path missing = tmp.resolve("gone.graph");
        Platform.runLater(() -> window.files().open(missing));
        WaitForAsyncUtils.waitForFxEvents();
        String details = robot.lookup("#error-dialog #error-details").queryAs(TextArea.class).getText();
        assertEquals(missing + ": the file does not exist", details);
        robot.clickOn("OK");
    }

    @Test
    void savingOverAReadOnlyFileIsRefusedWithAClearMessage(FxRobot robot) throws Exception {
        Path file = tmp.resolve("locked.graph");
        Files.writeString(file, "keep me");
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        boolean[] saved = {true};
        Platform.runLater(() -> saved[0] = window.files().write(file));
        WaitForAsyncUtils.waitForFxEvents();
        String details = robot.lookup("#error-dialog #error-details").queryAs(TextArea.class).getText();
        assertEquals(file + ": the file is read-only; make it writable or save under another name", details);
        robot.clickOn("OK");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(saved[0]);
        assertEquals("keep me", Files.readString(file));
    }

    /** Issue 10: a new file saved from the designer gets the umask's mode (as any new file), not owner-only. */
    @Test
    void aNewlySavedFileIsReadableLikeAnyNewFileOfTheFolder(FxRobot robot) throws Exception {
        Path reference = Files.createFile(tmp.resolve("made-by-createFile")); // the umask's mode for a new file
        Path saved = tmp.resolve("new.graph");
        assertTrue(open(robot, DesignerFixture.SAMPLES.resolve("fm-loopback.graph")));
        boolean[] ok = {false};
        DesignerFixture.fx(robot, () -> ok[0] = window.files().write(saved));
        assertTrue(ok[0]);
        assertEquals(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(reference)),
                java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(saved)));
    }

    @Test
    void savingKeepsTheFileModeAndWritesThroughALink(FxRobot robot) throws Exception {
        Path real = tmp.resolve("real.graph");
        Files.writeString(real, "old");
        Files.setPosixFilePermissions(real, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
        Path link = Files.createSymbolicLink(tmp.resolve("link.graph"), real);
        assertTrue(open(robot, DesignerFixture.SAMPLES.resolve("fm-loopback.graph")));
        DesignerFixture.fx(robot, () -> window.files().write(link));
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(Files.readAllBytes(DesignerFixture.SAMPLES.resolve("fm-loopback.graph")),
                Files.readAllBytes(real));
        assertEquals("rw-rw-r--", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(real)));
    }
}
