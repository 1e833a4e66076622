package org.sigflow.app.panels;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.VBox;
import org.sigflow.catalog.ParamDef;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;

/**
 * The Python code of an imported GRC {@code epy_block}/{@code epy_module} ({@code python_placeholder}'s
 * {@code source_code} param): shown read-only in a viewer instead of an editable field, and never run.
 */
final class PythonSourceView {
    static final String BLOCK = "python_placeholder";
    static final String PARAM = "source_code";
    static final String NOTE = "Read-only. SigFlow never runs this Python code: replace the placeholder with "
            + "SigFlow blocks to run the graph.";

    private PythonSourceView() {}

    /** Whether {@code p} is the source param, which gets no editor of its own. */
    static boolean isSource(BlockInstance b, ParamDef p) {
        return b.type().equals(BLOCK) && p.id().equals(PARAM);
    }

    /** A "Python source" section with the button that opens the viewer, or {@code null} for other blocks. */
    static Node section(BlockInstance b) {
        if (!b.type().equals(BLOCK)) {
            return null;
        }
        Label note = new Label(NOTE);
        note.setWrapText(true);
        note.getStyleClass().add("hint");
        Button view = new Button("View Python source…");
        view.setId("view-python-source");
        view.setOnAction(e -> show(b.id(), text(b.params().getOrDefault(PARAM, "''"))));
        TitledPane tp = new TitledPane("Python source", new VBox(6, note, view));
        tp.setId("group-python-source");
        return tp;
    }

    /** The param's string literal read back to the code (it is only ever parsed, never evaluated as Python). */
    static String text(String literal) {
        try {
            return Expression.parse(literal).evaluate(java.util.Map.of()) instanceof Value.Str s ? s.value() : literal;
        } catch (ExpressionException e) {
            return literal; // a hand-edited file: show the text as it is
        }
    }

    private static void show(String blockId, String code) {
        TextArea area = new TextArea(code);
        area.setId("python-source-text");
        area.setEditable(false);
        area.setStyle("-fx-font-family: monospace;");
        area.setPrefColumnCount(90);
        area.setPrefRowCount(30);
        Label note = new Label(NOTE);
        note.setId("python-source-note");
        note.setWrapText(true);
        Dialog<Void> dialog = new Dialog<>();
        dialog.setTitle("Python source of " + blockId);
        dialog.setResizable(true);
        dialog.getDialogPane().setId("python-source-dialog");
        dialog.getDialogPane().setContent(new VBox(8, note, area));
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.show();
    }
}
