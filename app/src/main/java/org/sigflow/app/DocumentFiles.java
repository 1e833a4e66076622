package org.sigflow.app;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.format.FormatProblem;
import org.sigflow.format.GraphFormatException;
import org.sigflow.format.GraphReader;
import org.sigflow.format.GraphWriter;
import org.sigflow.format.LoadedGraph;
import org.sigflow.graph.Graph;
import org.sigflow.grc.GrcFormatException;
import org.sigflow.grc.GrcImporter;
import org.sigflow.grc.ImportIssue;
import org.sigflow.grc.ImportReport;
import org.sigflow.grc.ImportResult;
import org.sigflow.session.TrustStore;
import org.sigflow.sigmf.SigmfException;
import org.sigflow.sigmf.SigmfGraphs;
import org.sigflow.sigmf.SigmfRecording;

/**
 * New, Open, Save and Save As for the document, through the engine's reader and writer. A file that cannot be read
 * (malformed, newer format, not a graph) is explained in a dialog and the open document stays as it was; unsaved
 * changes are asked about before they could be lost. Reading a file only parses JSON: nothing in it is executed.
 */
public final class DocumentFiles {
    private static final int MAX_LISTED = 30;
    private final GraphDocument doc;
    private final Supplier<Window> owner;
    private final Consumer<String> status;
    private Runnable afterLoad = () -> { };
    private Path importedFrom;
    private java.util.function.UnaryOperator<Graph> importLayout = g -> g;
    private Consumer<List<org.sigflow.hier.HierBlock>> hierImported = h -> { };

    public DocumentFiles(GraphDocument doc, Supplier<Window> owner, Consumer<String> status) {
        this.doc = doc;
        this.owner = owner;
        this.status = status;
    }

    void setAfterLoad(Runnable r) {
        afterLoad = r;
    }

    /** Re-places imported blocks (GRC's block sizes are not ours, so its positions would overlap). */
    void setImportLayout(java.util.function.UnaryOperator<Graph> layout) {
        importLayout = layout;
    }

    /** If there are unsaved changes, asks Save / Don't Save / Cancel; true when it is fine to go on. */
    public boolean confirmDiscard() {
        if (!doc.isDirty()) {
            return true;
        }
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", save, discard, ButtonType.CANCEL);
        a.initOwner(owner.get());
        a.setTitle("Unsaved changes");
        a.setHeaderText("Save the changes to " + name() + "?");
        a.setContentText("Your changes are lost if you don't save them.");
        a.getDialogPane().setId("unsaved-dialog");
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return false;
        }
        return r.get() == discard || save();
    }

    public void newGraph() {
        if (confirmDiscard()) {
            doc.load(Graph.EMPTY, null);
            importedFrom = null;
            afterLoad.run();
            status.accept("New graph");
        }
    }

    /**
     * Opens a recovered graph as an unsaved edit of its file: the file as saved (if it still reads) is the base, so
     * Undo shows what was on disk and Save writes the recovered graph there.
     */
    void loadRecovered(Graph recovered, Path file) {
        Graph base = Graph.EMPTY;
        if (file != null && Files.isRegularFile(file)) {
            try {
                base = new GraphReader().read(file).graph();
            } catch (GraphFormatException e) {
                base = Graph.EMPTY; // the recovered copy is what matters
            }
        }
        doc.load(base, file);
        doc.apply("Recover unsaved changes", g -> recovered);
        afterLoad.run();
    }

    public void openWithChooser() {
        if (!confirmDiscard()) {
            return;
        }
        FileChooser fc = chooser("Open graph");
        java.io.File f = fc.showOpenDialog(owner.get());
        if (f != null) {
            read(f.toPath());
        }
    }

    /** Opens a file after asking about unsaved changes; false if it was not opened. */
    public boolean open(Path file) {
        return confirmDiscard() && read(file);
    }

    /** The .grc file the unsaved document was imported from (made elsewhere: asked about before it runs), or null. */
    public Path importedFrom() {
        return importedFrom;
    }

    private boolean read(Path file) {
        if (GrcImporter.isGrcFile(file)) {
            return importGrc(file);
        }
        if (SigmfRecording.isSigmf(file)) {
            return openRecording(file);
        }
        LoadedGraph loaded;
        try {
            loaded = new GraphReader().read(file);
        } catch (GraphFormatException e) {
            List<String> lines = e.problems().stream().map(p -> describe(file, p)).toList();
            error("Cannot open " + file.getFileName(), "The file was not opened; the graph you had is unchanged.",
                    lines);
            return false;
        } catch (RuntimeException e) {
            error("Cannot open " + file.getFileName(), "The file was not opened; the graph you had is unchanged.",
                    List.of(String.valueOf(e.getMessage())));
            return false;
        }
        doc.load(loaded.graph(), file);
        importedFrom = null;
        afterLoad.run();
        warnAboutUnknownBlocks(file);
        status.accept("Opened " + file + (loaded.warnings().isEmpty() ? "" : " with " + loaded.warnings().size()
                + " warning(s): " + loaded.warnings().getFirst()));
        return true;
    }

    /** Called with the hier blocks an imported GRC flowgraph uses (found or imported with it), before it shows. */
    public void setOnHierImported(Consumer<List<org.sigflow.hier.HierBlock>> action) {
        hierImported = action;
    }

    /**
     * A GNU Radio Companion flowgraph is imported (nothing in it runs) into a new, unsaved graph: Save asks where to
     * write the {@code .graph}, so the {@code .grc} is never overwritten. The import report is shown when anything
     * needs attention.
     */
    private boolean importGrc(Path file) {
        ImportResult r;
        try {
            r = new GrcImporter(doc.catalog()).importFile(file);
        } catch (GrcFormatException e) {
            error("Cannot import " + file.getFileName(), "The file was not imported; the graph you had is unchanged.",
                    List.of(e.detail()));
            return false;
        } catch (RuntimeException e) {
            error("Cannot import " + file.getFileName(), "The file was not imported; the graph you had is unchanged.",
                    List.of(String.valueOf(e.getMessage())));
            return false;
        }
        doc.load(Graph.EMPTY, null);
        importedFrom = file;
        hierImported.accept(r.hierBlocks()); // GRC hier blocks it uses go to the library first, so they validate
        doc.apply("Import " + file.getFileName(), g -> importLayout.apply(r.graph()));
        afterLoad.run();
        ImportReport rep = r.report();
        if (!rep.complete()) {
            alert(Alert.AlertType.WARNING, "grc-import-dialog", file.getFileName() + " was imported in part",
                    rep.attention().size() + " item(s) need attention; they are also in the blocks' comments. "
                    + "Save writes a new .graph file.", rep.attention().stream().map(ImportIssue::toString).toList());
        }
        status.accept("Imported " + file + " from GNU Radio Companion (" + (rep.complete() ? "complete"
                : "partial: " + rep.attention().size() + " item(s) need attention") + "); Save writes a .graph");
        return true;
    }

    /**
     * A SigMF recording opens as a new, unsaved graph around it (source → throttle → spectrum and waterfall) whose
     * samp_rate and center_freq come from the metadata; bad metadata is listed with its locations.
     */
    private boolean openRecording(Path file) {
        Graph g;
        try {
            g = SigmfGraphs.forRecording(file);
        } catch (SigmfException e) {
            error("Cannot open " + file.getFileName(), "The recording was not opened; the graph you had is unchanged.",
                    e.problems().stream().map(p -> e.source() + ": " + p).toList());
            return false;
        } catch (IOException | RuntimeException e) {
            error("Cannot open " + file.getFileName(), "The recording was not opened; the graph you had is unchanged.",
                    List.of(String.valueOf(e.getMessage())));
            return false;
        }
        doc.load(Graph.EMPTY, null);
        importedFrom = null; // a graph this designer made around the user's recording
        doc.apply("Open " + file.getFileName(), x -> g);
        afterLoad.run();
        status.accept("Opened SigMF recording " + file + " (samp_rate " + g.variables().get("samp_rate")
                + ", center_freq " + g.variables().get("center_freq") + "); Save writes a .graph");
        return true;
    }

    /** A graph naming block types this installation lacks opens (so it can be repaired) with a warning. */
    private void warnAboutUnknownBlocks(Path file) {
        List<String> unknown = doc.validation().errors().stream()
                .filter(p -> p.message().startsWith("unknown block type")).map(p -> p.where() + ": " + p.message())
                .toList();
        if (unknown.isEmpty()) {
            return;
        }
        alert(Alert.AlertType.WARNING, "unknown-blocks-dialog", file.getFileName()
                + " uses block types this SigFlow does not have", "They are drawn in red and kept as they are in the "
                + "file (saving keeps them). The graph cannot run until they are replaced or removed.", unknown);
    }

    public boolean save() {
        Path f = doc.fileProperty().get();
        return f == null ? saveAs() : write(f);
    }

    public boolean saveAs() {
        FileChooser fc = chooser("Save graph as");
        Path current = doc.fileProperty().get();
        fc.setInitialFileName(current == null ? "untitled.graph" : current.getFileName().toString());
        java.io.File f = fc.showSaveDialog(owner.get());
        if (f == null) {
            return false;
        }
        Path p = f.toPath();
        if (!p.getFileName().toString().contains(".")) {
            p = p.resolveSibling(p.getFileName() + ".graph");
        }
        return write(p);
    }

    /** Writes the graph to {@code file} (Save As without a chooser, also for tests). */
    public boolean write(Path file) {
        // what the user made here, or kept working on once trusted, stays trusted under its new content
        Path before = doc.fileProperty().get();
        Path origin = before != null ? before : importedFrom;
        boolean trusted = origin == null || TrustStore.user().isTrusted(origin);
        try {
            new GraphWriter().save(doc.graph(), file);
        } catch (IOException | RuntimeException e) {
            error("Cannot save " + file.getFileName(), "The graph was not saved.", List.of(file + ": "
                    + (e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                    : e instanceof NoSuchFileException ? "the folder does not exist" : e.getMessage())));
            return false;
        }
        doc.markSaved(file);
        importedFrom = null;
        status.accept("Saved " + file);
        if (trusted) {
            try {
                TrustStore.user().trust(file);
            } catch (IOException e) {
                status.accept("Saved " + file + " (could not remember it as trusted: " + e.getMessage() + ")");
            }
        }
        return true;
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("SigFlow graphs", "*.graph"),
                new FileChooser.ExtensionFilter("GNU Radio Companion flowgraphs (import)", "*.grc"),
                new FileChooser.ExtensionFilter("SigMF recordings", "*.sigmf-meta", "*.sigmf"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path current = doc.fileProperty().get();
        Path dir = current != null ? current.toAbsolutePath().getParent() : Path.of("").toAbsolutePath();
        if (dir != null && Files.isDirectory(dir)) {
            fc.setInitialDirectory(dir.toFile());
        }
        return fc;
    }

    private void error(String header, String text, List<String> problems) {
        alert(Alert.AlertType.ERROR, "error-dialog", header, text, problems);
    }

    /** A modal message with the list of problems shown below it. */
    private void alert(Alert.AlertType type, String id, String header, String text, List<String> problems) {
        Alert a = new Alert(type);
        a.initOwner(owner.get());
        a.setTitle("SigFlow");
        a.setHeaderText(header);
        a.setContentText(text);
        List<String> shown = problems.size() > MAX_LISTED ? problems.subList(0, MAX_LISTED) : problems;
        TextArea details = new TextArea(String.join("\n", shown) + (problems.size() > MAX_LISTED ? "\n… and "
                + (problems.size() - MAX_LISTED) + " more" : ""));
        details.setId("error-details");
        details.setEditable(false);
        details.setWrapText(true);
        details.setPrefRowCount(Math.min(10, shown.size() + 1));
        a.getDialogPane().setExpandableContent(details);
        a.getDialogPane().setExpanded(true);
        a.getDialogPane().setId(id);
        a.showAndWait();
    }

    /** A problem with the whole file (missing, unreadable) names the file rather than the JSON root {@code $}. */
    private static String describe(Path file, FormatProblem p) {
        return p.isLocated() || !"$".equals(p.path()) ? p.toString() : file + ": " + p.message();
    }

    /** {@code name.graph}, or "Untitled". */
    public String name() {
        Path f = doc.fileProperty().get();
        return f == null ? "Untitled" : f.getFileName().toString();
    }
}
