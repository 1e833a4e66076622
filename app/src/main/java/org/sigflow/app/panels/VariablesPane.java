package org.sigflow.app.panels;

import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.format.Identifiers;
import org.sigflow.graph.Graph;

/**
 * The graph's variables: name, expression, evaluated value or error (cycles and unknown names included, as the
 * engine's resolver reports them). Add, edit and remove are undoable edits.
 */
public final class VariablesPane extends VBox {
    private final GraphDocument doc;
    private final VariableListener listener;
    private final GridPane grid = new GridPane();
    private final TextField newName = new TextField();
    private final TextField newExpr = new TextField();
    private final Label addError = new Label();
    private Graph shownFor;

    public VariablesPane(GraphDocument doc, VariableListener listener) {
        this.doc = doc;
        this.listener = listener;
        setId("variables");
        getStyleClass().add("side-pane");
        setSpacing(6);
        setPadding(new Insets(8));
        grid.setHgap(6);
        grid.setVgap(2);
        ColumnConstraints c0 = new ColumnConstraints();
        ColumnConstraints c1 = new ColumnConstraints();
        c1.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(c0, c1);
        newName.setId("var-new-name");
        newName.setPromptText("name");
        newName.setPrefColumnCount(8);
        newExpr.setId("var-new-expr");
        newExpr.setPromptText("expression, e.g. 32e3");
        HBox.setHgrow(newExpr, Priority.ALWAYS);
        Button add = new Button("Add");
        add.setId("var-add");
        add.setOnAction(e -> add());
        add.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        newExpr.setOnAction(e -> add());
        addError.getStyleClass().add("error-text");
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        Label title = new Label("Variables");
        title.getStyleClass().add("pane-title");
        getChildren().addAll(title, scroll, new HBox(6, newName, newExpr, add), addError);
        doc.graphProperty().addListener(o -> refresh());
        refresh();
    }

    private void add() {
        String name = newName.getText().trim();
        String expr = newExpr.getText().trim();
        if (!Identifiers.isIdentifier(name)) {
            addError.setText("A variable name is a letter or _ followed by letters, digits or _.");
        } else if (doc.graph().variables().containsKey(name)) {
            addError.setText("There is already a variable '" + name + "'.");
        } else if (expr.isEmpty()) {
            addError.setText("Give the variable an expression.");
        } else {
            addError.setText("");
            newName.clear();
            newExpr.clear();
            doc.apply("Add variable " + name, GraphEdits.setVariable(name, expr));
        }
    }

    private void refresh() {
        Graph g = doc.graph();
        if (shownFor != null && shownFor.variables().equals(g.variables())) {
            return;
        }
        shownFor = g;
        grid.getChildren().clear();
        VariableResolver.Resolution r = VariableResolver.resolve(g.variables(), Map.of());
        int row = 0;
        for (Map.Entry<String, String> v : g.variables().entrySet()) {
            String name = v.getKey();
            TextField expr = new TextField(v.getValue());
            expr.setId("var-" + name);
            PropertiesPane.commitOn(expr, () -> {
                String text = expr.getText().trim();
                if (!text.isEmpty() && !text.equals(doc.graph().variables().get(name))) {
                    doc.apply("Set variable " + name, GraphEdits.setVariable(name, text));
                    listener.committed(name, text);
                }
            });
            Button remove = new Button("✕");
            remove.setOnAction(e -> doc.apply("Remove variable " + name, GraphEdits.removeVariable(name)));
            Label nameLabel = new Label(name);
            nameLabel.getStyleClass().add("var-name");
            grid.addRow(row, nameLabel, expr, remove);
            Value value = r.values().get(name);
            String error = r.errors().stream().filter(e -> e.variable().equals(name)).map(e -> e.message())
                    .findFirst().orElse(null);
            Label shown = new Label(error != null ? error : value == null ? "" : "= " + abbreviate(value.display()));
            shown.setId("var-value-" + name);
            shown.setWrapText(true);
            shown.getStyleClass().add(error != null ? "error-text" : "value-text");
            grid.add(shown, 1, row + 1, 2, 1);
            row += 2;
        }
        if (g.variables().isEmpty()) {
            Label hint = new Label("No variables yet. Params can refer to variables by name.");
            hint.getStyleClass().add("hint");
            grid.add(hint, 0, 0, 3, 1);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 59) + "…" : s;
    }
}
