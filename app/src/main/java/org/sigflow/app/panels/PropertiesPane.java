package org.sigflow.app.panels;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.format.Identifiers;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Metadata;
import org.sigflow.validate.Problem;

/**
 * Edits the selected block: id, state, comment and every catalog param, grouped by the catalog's {@code group}.
 * Params are expressions (enums are choices); each shows its evaluated value or the engine's error right below it.
 * A value is committed with Enter or by leaving the field, as one undoable edit.
 */
public final class PropertiesPane extends VBox {
    private final GraphDocument doc;
    private final ParamListener listener;
    private final VBox content = new VBox(8);
    private BlockInstance shown;
    private Map<String, String> shownVariables;

    public PropertiesPane(GraphDocument doc, ParamListener listener) {
        this.doc = doc;
        this.listener = listener;
        setId("properties");
        getStyleClass().add("side-pane");
        content.setPadding(new Insets(8));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().add(scroll);
        doc.selectedBlocks().addListener((javafx.collections.SetChangeListener<String>) c -> refresh());
        doc.graphProperty().addListener(o -> refresh());
        refresh();
    }

    private void refresh() {
        List<String> sel = doc.selectedInGraphOrder();
        BlockInstance b = sel.size() == 1 ? doc.graph().block(sel.getFirst()).orElse(null) : null;
        Map<String, String> graphVariables = doc.graph().variables();
        if (b != null && b.equals(shown) && graphVariables.equals(shownVariables)) {
            return; // nothing this block shows changed: keep the fields (and the caret) as they are
        }
        shown = b;
        shownVariables = graphVariables;
        content.getChildren().clear();
        if (b == null) {
            Label hint = new Label(sel.isEmpty() ? "Select a block to edit its parameters."
                    : sel.size() + " blocks selected.");
            hint.getStyleClass().add("hint");
            content.getChildren().add(hint);
            if (sel.isEmpty()) {
                content.getChildren().add(graphInfo());
            }
            return;
        }
        BlockDef def = doc.catalog().find(b.type()).orElse(null);
        Label title = new Label(def == null ? b.type() : def.label());
        title.getStyleClass().add("pane-title");
        content.getChildren().add(title);
        content.getChildren().add(general(b, def));
        if (def == null) {
            Label l = new Label("Unknown block type '" + b.type() + "': it cannot run. Its params are kept as "
                    + "they are in the file.");
            l.setWrapText(true);
            l.getStyleClass().add("error-text");
            content.getChildren().add(l);
            return;
        }
        Map<String, Value> variables = VariableResolver.resolve(doc.graph().variables(), Map.of()).values();
        Map<String, List<ParamDef>> groups = new LinkedHashMap<>();
        def.params().stream().filter(p -> !PythonSourceView.isSource(b, p)) // read-only: its own viewer below
                .forEach(p -> groups.computeIfAbsent(p.group(), k -> new ArrayList<>()).add(p));
        groups.forEach((group, params) -> {
            GridPane grid = grid();
            int row = 0;
            for (ParamDef p : params) {
                row = paramRow(grid, row, b, p, variables);
            }
            TitledPane tp = new TitledPane(group, grid);
            tp.setId("group-" + group);
            content.getChildren().add(tp);
        });
        Node pythonSource = PythonSourceView.section(b);
        if (pythonSource != null) {
            content.getChildren().add(pythonSource);
        }
        String prefix = "block '" + b.id() + "'";
        for (Problem p : doc.validation().problems()) {
            if (p.where().equals(prefix)) { // block-level problems (asserts, unknown type) under the params
                Label l = new Label(p.message());
                l.setWrapText(true);
                l.getStyleClass().add("error-text");
                content.getChildren().add(l);
            }
        }
        TextArea docText = new TextArea(def.doc());
        docText.setEditable(false);
        docText.setWrapText(true);
        docText.setPrefRowCount(6);
        TitledPane docPane = new TitledPane("Documentation", docText);
        docPane.setExpanded(false);
        content.getChildren().add(docPane);
    }

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(2);
        grid.setPadding(new Insets(6));
        javafx.scene.layout.ColumnConstraints c0 = new javafx.scene.layout.ColumnConstraints();
        c0.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // labels never shrink to "…"
        javafx.scene.layout.ColumnConstraints c1 = new javafx.scene.layout.ColumnConstraints();
        c1.setHgrow(Priority.ALWAYS);
        c1.setFillWidth(true);
        grid.getColumnConstraints().addAll(c0, c1);
        return grid;
    }

    private Node general(BlockInstance b, BlockDef def) {
        GridPane grid = grid();
        TextField id = new TextField(b.id());
        id.setId("prop-id");
        Label idError = new Label();
        idError.getStyleClass().add("error-text");
        commitOn(id, () -> {
            String v = id.getText().trim();
            if (v.equals(b.id())) {
                return;
            }
            if (!Identifiers.isIdentifier(v)) {
                idError.setText("an id is a letter or _ followed by letters, digits or _");
            } else if (doc.graph().block(v).isPresent()) {
                idError.setText("there is already a block '" + v + "'");
            } else {
                doc.apply("Rename " + b.id() + " to " + v, GraphEdits.rename(b.id(), v));
                doc.select(List.of(v));
            }
        });
        ComboBox<BlockState> state = new ComboBox<>();
        state.setId("prop-state");
        state.getItems().setAll(BlockState.values());
        state.setValue(b.state());
        state.setOnAction(e -> {
            if (state.getValue() != null && state.getValue() != b.state()) {
                doc.apply(label(state.getValue()) + " " + b.id(),
                        GraphEdits.setState(List.of(b.id()), state.getValue()));
            }
        });
        TextField comment = new TextField(b.comment() == null ? "" : b.comment());
        commitOn(comment, () -> doc.apply("Comment " + b.id(), GraphEdits.setComment(b.id(), comment.getText())));
        grid.addRow(0, new Label("Id"), id);
        grid.add(idError, 1, 1);
        // the host shares the state's row: the properties keep their height
        grid.addRow(2, new Label("State"), new javafx.scene.layout.HBox(6, state, new Label("Host"),
                HostField.of(doc, b)));
        grid.addRow(3, new Label("Comment"), comment);
        grid.addRow(4, new Label("Type"), new Label(b.type() + (def == null ? "" : "  (" + def.domain().displayName()
                + ")")));
        TitledPane tp = new TitledPane("Block", grid);
        tp.setId("group-block");
        return tp;
    }

    /** Title, author and description of the graph (its metadata), shown when no block is selected. */
    private Node graphInfo() {
        Metadata m = doc.graph().metadata();
        TextField title = new TextField(m.title());
        title.setId("graph-title");
        commitOn(title, () -> doc.apply("Graph title", g -> g.withMetadata(g.metadata().withTitle(title.getText()))));
        TextField author = new TextField(m.author());
        commitOn(author, () -> doc.apply("Graph author", g -> g.withMetadata(g.metadata()
                .withAuthor(author.getText()))));
        TextArea description = new TextArea(m.description());
        description.setWrapText(true);
        description.setPrefRowCount(5);
        description.focusedProperty().addListener((o, was, is) -> {
            if (was && !is) {
                doc.apply("Graph description", g -> g.withMetadata(g.metadata()
                        .withDescription(description.getText())));
            }
        });
        GridPane grid = grid();
        grid.addRow(0, new Label("Title"), title);
        grid.addRow(1, new Label("Author"), author);
        grid.addRow(2, new Label("Description"), description);
        TitledPane tp = new TitledPane("Graph", grid);
        tp.setId("group-graph");
        return tp;
    }

    private static String label(BlockState s) {
        return switch (s) {
            case ENABLED -> "Enable";
            case DISABLED -> "Disable";
            case BYPASSED -> "Bypass";
        };
    }

    private int paramRow(GridPane grid, int row, BlockInstance b, ParamDef p, Map<String, Value> variables) {
        String text = b.params().getOrDefault(p.id(), p.defaultValue());
        Label name = new Label(p.label() + (p.unit() != null ? " (" + p.unit() + ")" : "") + (p.runtime() ? " ⟳"
                : ""));
        name.setTooltip(new Tooltip(p.id() + (p.doc().isEmpty() ? "" : ": " + p.doc())
                + (p.runtime() ? "\nChangeable while the graph runs." : "")));
        Node editor;
        if (p.type() == ParamType.ENUM) {
            ComboBox<String> box = new ComboBox<>();
            box.getItems().setAll(p.options());
            if (!p.options().contains(text)) {
                box.getItems().add(text); // keep a bad value visible; validation reports it
            }
            box.setValue(text);
            box.setConverter(new StringConverter<>() {
                @Override
                public String toString(String o) {
                    return o == null ? "" : p.labelOf(o);
                }

                @Override
                public String fromString(String s) {
                    return s;
                }
            });
            box.setOnAction(e -> commit(b, p, box.getValue()));
            editor = box;
        } else if (p.type() == ParamType.BOOL && (text.equals("True") || text.equals("False"))) {
            CheckBox box = new CheckBox();
            box.setSelected(text.equals("True"));
            box.setOnAction(e -> commit(b, p, box.isSelected() ? "True" : "False"));
            editor = box;
        } else {
            TextField field = new TextField(text);
            commitOn(field, () -> commit(b, p, field.getText()));
            editor = field;
        }
        editor.setId("param-" + p.id());
        ((javafx.scene.layout.Region) editor).setMaxWidth(Double.MAX_VALUE);
        grid.addRow(row, name, editor);
        ValuePreview preview = ValuePreview.of(p, text, variables);
        Label value = new Label(preview.text());
        value.setId("value-" + p.id());
        value.setWrapText(true);
        value.getStyleClass().add(preview.error() ? "error-text" : "value-text");
        grid.add(value, 1, row + 1);
        return row + 2;
    }

    private void commit(BlockInstance b, ParamDef p, String text) {
        if (text == null || text.equals(b.params().getOrDefault(p.id(), p.defaultValue()))) {
            return;
        }
        doc.apply("Set " + b.id() + "." + p.id(), GraphEdits.setParam(b.id(), p.id(), text));
        listener.committed(b.id(), p.id(), text);
    }

    /** Runs {@code action} on Enter and when the field loses focus. */
    static void commitOn(TextField field, Runnable action) {
        field.setOnAction(e -> action.run());
        field.focusedProperty().addListener((o, was, is) -> {
            if (was && !is) {
                action.run();
            }
        });
    }
}
