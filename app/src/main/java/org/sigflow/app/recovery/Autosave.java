package org.sigflow.app.recovery;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import javafx.util.Duration;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.graph.Graph;

/**
 * Keeps a recovery copy of the unsaved graph a couple of seconds after each edit (off the UI thread), removes it once
 * the graph is saved or the window closes on purpose, and after a crash or kill offers what was left behind.
 */
public final class Autosave {
    private static final Duration DELAY = Duration.seconds(2);
    private final GraphDocument doc;
    private final RecoveryFiles files;
    private final Consumer<String> status;
    private final PauseTransition pending = new PauseTransition(DELAY);
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sigflow-autosave");
        t.setDaemon(true);
        return t;
    });

    public Autosave(GraphDocument doc, RecoveryFiles files, Consumer<String> status) {
        this.doc = doc;
        this.files = files;
        this.status = status;
        pending.setOnFinished(e -> flush());
        doc.graphProperty().addListener(o -> changed());
        doc.dirtyProperty().addListener(o -> changed());
    }

    private void changed() {
        if (doc.isDirty()) {
            pending.playFromStart();
        } else {
            pending.stop();
            writer.execute(files::clear);
        }
    }

    /** Writes the recovery copy now (also used when the delay must not be waited for). */
    public void flush() {
        pending.stop();
        if (!doc.isDirty()) {
            return;
        }
        Graph g = doc.graph();
        Path source = doc.fileProperty().get();
        writer.execute(() -> {
            try {
                files.write(g, source);
            } catch (IOException e) {
                javafx.application.Platform.runLater(() -> status.accept("Autosave failed: " + e.getMessage()));
            }
        });
    }

    /** The window closed on purpose (saved or discarded): nothing to recover. */
    public void closed() {
        pending.stop();
        writer.execute(files::clear);
        writer.shutdown();
    }

    /** Waits until queued writes are done (tests, and before the process exits). */
    public void drain() {
        try {
            writer.submit(() -> { }).get();
        } catch (Exception e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Offers the unsaved graph a designer that crashed or was killed left behind; a recovered graph opens as an
     * unsaved edit of its file (Undo goes back to the file as saved). True when one was recovered.
     */
    public boolean offerRecovery(Window owner, java.util.function.BiConsumer<Graph, Path> open) {
        List<RecoveryFiles.Orphan> orphans = files.orphans();
        if (orphans.isEmpty()) {
            return false;
        }
        RecoveryFiles.Orphan o = orphans.getLast();
        String name = o.source().map(p -> p.getFileName().toString()).orElse("an untitled graph");
        ButtonType recover = new ButtonType("Recover", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", recover, discard);
        a.initOwner(owner);
        a.setTitle("SigFlow");
        a.setHeaderText("SigFlow ended without saving " + name);
        a.setContentText("Unsaved changes (" + o.graph().blocks().size() + " blocks) were kept. Recover them? "
                + "They open unsaved; Save writes them to " + o.source().map(Path::toString).orElse("a new file")
                + ".");
        a.getDialogPane().setId("recovery-dialog");
        Optional<ButtonType> answer = a.showAndWait();
        orphans.forEach(x -> files.delete(x.pid()));
        if (answer.isPresent() && answer.get() == recover) {
            open.accept(o.graph(), o.source().orElse(null));
            status.accept("Recovered the unsaved changes to " + name);
            return true;
        }
        return false;
    }
}
