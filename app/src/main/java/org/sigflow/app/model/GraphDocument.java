package org.sigflow.app.model;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;
import org.sigflow.catalog.Catalog;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ValidationResult;

/**
 * The graph being edited: its current state, file, undo history, selection and validation. Every change of the
 * graph goes through {@link #apply}, so undo/redo covers everything and the graph is re-validated after each edit.
 */
public final class GraphDocument {
    private volatile Catalog catalog;
    private final ReadOnlyObjectWrapper<Graph> graph = new ReadOnlyObjectWrapper<>(Graph.EMPTY);
    private final ReadOnlyObjectWrapper<ValidationResult> validation = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper(false);
    private final ObjectProperty<Path> file = new SimpleObjectProperty<>();
    private final EditHistory history = new EditHistory();
    private final ObservableSet<String> selectedBlocks = FXCollections.observableSet();
    private final ObservableSet<Connection> selectedConnections = FXCollections.observableSet();
    private Graph saved = Graph.EMPTY;

    public GraphDocument(Catalog catalog) {
        this.catalog = catalog;
        validation.set(GraphValidator.validate(Graph.EMPTY, catalog, Map.of()));
    }

    public Catalog catalog() {
        return catalog;
    }

    /**
     * Replaces the block types the document is checked against (the hier blocks of the library changed) and
     * re-validates; the graph and its history stay.
     */
    public void setCatalog(Catalog catalog) {
        this.catalog = catalog;
        validation.set(GraphValidator.validate(graph.get(), catalog, Map.of()));
    }

    public Graph graph() {
        return graph.get();
    }

    public ReadOnlyObjectProperty<Graph> graphProperty() {
        return graph.getReadOnlyProperty();
    }

    public ValidationResult validation() {
        return validation.get();
    }

    public ReadOnlyObjectProperty<ValidationResult> validationProperty() {
        return validation.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    public boolean isDirty() {
        return dirty.get();
    }

    public ObjectProperty<Path> fileProperty() {
        return file;
    }

    public EditHistory history() {
        return history;
    }

    public ObservableSet<String> selectedBlocks() {
        return selectedBlocks;
    }

    public ObservableSet<Connection> selectedConnections() {
        return selectedConnections;
    }

    /** Applies a named edit; no-op (nothing recorded) when it changes nothing. */
    public void apply(String name, UnaryOperator<Graph> change) {
        Graph before = graph.get();
        Graph after = change.apply(before);
        if (after.equals(before)) {
            return;
        }
        history.record(new Edit(name, before, after));
        show(after);
    }

    public boolean undo() {
        return history.popUndo().map(e -> {
            show(e.before());
            return true;
        }).orElse(false);
    }

    public boolean redo() {
        return history.popRedo().map(e -> {
            show(e.after());
            return true;
        }).orElse(false);
    }

    /** Replaces the whole document (New, Open): history cleared, not dirty. */
    public void load(Graph g, Path path) {
        history.clear();
        selectedBlocks.clear();
        selectedConnections.clear();
        saved = g;
        file.set(path);
        show(g);
    }

    /** The current graph was written to {@code path}. */
    public void markSaved(Path path) {
        saved = graph.get();
        file.set(path);
        dirty.set(false);
    }

    public void select(Collection<String> blockIds) {
        selectedConnections.clear();
        selectedBlocks.retainAll(blockIds);
        selectedBlocks.addAll(blockIds);
    }

    public List<String> selectedInGraphOrder() {
        return graph().blocks().stream().map(b -> b.id()).filter(selectedBlocks::contains).toList();
    }

    private void show(Graph g) {
        validation.set(GraphValidator.validate(g, catalog, Map.of()));
        // Drop selections of things that no longer exist before listeners see the new graph.
        selectedBlocks.removeIf(id -> g.block(id).isEmpty());
        selectedConnections.removeIf(c -> !g.connections().contains(c));
        graph.set(g);
        dirty.set(!g.equals(saved));
    }
}
