package org.sigflow.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.scene.Scene;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Stage;
import org.sigflow.app.canvas.GraphCanvas;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.HierMaker;
import org.sigflow.app.panels.PalettePane;
import org.sigflow.catalog.Catalog;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.hier.HierDefs;
import org.sigflow.session.Engine;

/**
 * Hier blocks in the designer: the palette lists the library's (category Hier), Edit ▸ Make Hier Block… turns the
 * selection into one, Open Hier Block (or a double-click) edits one in a window of its own; saving it updates the
 * palette and the instances of every window.
 */
final class HierActions {
    /** Bumped whenever a hier block file was written; every window's catalog follows. */
    private static final LongProperty LIBRARY_CHANGES = new SimpleLongProperty();

    private final Engine engine;
    private final GraphDocument doc;
    private final GraphCanvas canvas;
    private final PalettePane palette;
    private final Consumer<String> say;

    HierActions(Engine engine, GraphDocument doc, GraphCanvas canvas, PalettePane palette, Consumer<String> say) {
        this.engine = engine;
        this.doc = doc;
        this.canvas = canvas;
        this.palette = palette;
        this.say = say;
        doc.fileProperty().addListener(o -> refresh());      // the graph's own folder is searched too
        LIBRARY_CHANGES.addListener(o -> refresh());
        doc.dirtyProperty().addListener((o, was, dirty) -> {
            if (!dirty && doc.fileProperty().get() != null && HierDefs.isHier(doc.graph())) {
                LIBRARY_CHANGES.set(LIBRARY_CHANGES.get() + 1); // a hier block was saved
            }
        });
        refresh();
    }

    private Path graphDir() {
        Path f = doc.fileProperty().get();
        return f == null ? null : f.toAbsolutePath().getParent();
    }

    /** Re-reads the hier blocks (library folders and the graph's folder) into the palette and the validation. */
    void refresh() {
        List<String> problems = new ArrayList<>();
        Catalog c = engine.hierLibrary().catalogWith(engine.catalog(), graphDir(), problems);
        doc.setCatalog(c);
        palette.setCatalog(c);
        canvas.redraw();
        if (!problems.isEmpty()) {
            say.accept("Hier blocks: " + problems.getFirst() + (problems.size() > 1 ? " (and " + (problems.size() - 1)
                    + " more)" : ""));
        }
    }

    /** Edit ▸ Make Hier Block…: asks a name, then {@link #make}. */
    void askAndMake() {
        if (doc.selectedBlocks().isEmpty()) {
            say.accept("Select the blocks to make a hier block of");
            return;
        }
        TextInputDialog d = new TextInputDialog("my_hier_block");
        d.setTitle("Make Hier Block");
        d.setHeaderText("Name of the new hier block (saved in " + engine.hierLibrary().userFolder() + ")");
        d.getEditor().setId("hier-name");
        d.showAndWait().ifPresent(this::make);
    }

    /**
     * Makes a hier block of the selection: saved as {@code <id>.graph} in the user's library folder, listed in the
     * palette, and put in the selection's place (one undoable edit). False (with the reason said) if it cannot be.
     */
    boolean make(String name) {
        List<String> sel = doc.selectedInGraphOrder();
        String id = name.strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
        if (sel.isEmpty() || id.isEmpty() || !Character.isLetter(id.charAt(0))) {
            say.accept(sel.isEmpty() ? "Select the blocks to make a hier block of"
                    : "A hier block's name starts with a letter (letters, digits and '_' follow)");
            return false;
        }
        if (engine.catalog().find(id).isPresent()) {
            say.accept("'" + id + "' is already a block of the catalog; choose another name");
            return false;
        }
        Path file = engine.hierLibrary().userFolder().resolve(id + ".graph");
        if (Files.exists(file)) {
            say.accept(file + " exists; choose another name (or open that hier block to edit it)");
            return false;
        }
        HierMaker.Made made = HierMaker.make(doc.graph(), doc.catalog(), sel, id, name.strip());
        try {
            Files.createDirectories(file.getParent());
            new GraphWriter().save(made.inner(), file);
        } catch (IOException e) {
            say.accept("Cannot save the hier block: " + file + ": " + e.getMessage());
            return false;
        }
        refresh();
        doc.apply("Make hier block " + id, g -> made.outer());
        doc.select(List.of(made.instanceId()));
        LIBRARY_CHANGES.set(LIBRARY_CHANGES.get() + 1);
        say.accept("Made hier block '" + id + "' of " + sel.size() + " block(s), saved as " + file
                + "; double-click it to edit inside");
        return true;
    }

    /**
     * Hier blocks imported from GRC hier flowgraphs are saved into the user's library as {@code <id>.graph} (one
     * already there is kept), so the imported graph validates, runs and can open them.
     */
    void saveImported(List<org.sigflow.hier.HierBlock> blocks) {
        List<String> saved = new ArrayList<>();
        for (org.sigflow.hier.HierBlock h : blocks) {
            if (!org.sigflow.grc.GrcImporter.isGrcFile(h.file())) {
                continue; // a SigFlow hier block file already
            }
            Path file = engine.hierLibrary().userFolder().resolve(h.id() + ".graph");
            if (Files.exists(file)) {
                continue;
            }
            try {
                Files.createDirectories(file.getParent());
                new GraphWriter().save(h.inner(), file);
                saved.add(h.id());
            } catch (IOException e) {
                say.accept("Cannot save the imported hier block " + h.id() + ": " + e.getMessage());
            }
        }
        if (!blocks.isEmpty()) {
            refresh();
        }
        if (!saved.isEmpty()) {
            LIBRARY_CHANGES.set(LIBRARY_CHANGES.get() + 1);
        }
    }

    /** The hier file of the one selected block, if it is a hier block. */
    Optional<Path> selectedHierFile() {
        List<String> sel = doc.selectedInGraphOrder();
        if (sel.size() != 1) {
            return Optional.empty();
        }
        BlockInstance b = doc.graph().block(sel.getFirst()).orElseThrow();
        if (engine.catalog().find(b.type()).isPresent()) {
            return Optional.empty();
        }
        return engine.hierLibrary().locate(b.type(), graphDir());
    }

    /** Open Hier Block: the selected hier block's graph in a window of its own; null if none is selected. */
    MainWindow openSelected() {
        Optional<Path> file = selectedHierFile();
        if (file.isEmpty()) {
            say.accept("Select one hier block to open it");
            return null;
        }
        Stage stage = new Stage();
        MainWindow w = new MainWindow(stage, engine);
        Scene scene = new Scene(w, 1200, 800);
        scene.getStylesheets().add(DesignerApp.class.getResource("designer.css").toExternalForm());
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (!w.confirmClose()) {
                e.consume();
            }
        });
        stage.show();
        w.files().open(file.get());
        say.accept("Opened hier block " + file.get() + " in its own window; save it there to update its uses");
        return w;
    }
}
