package org.sigflow.app.panels;

import java.util.List;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.graph.BlockInstance;

/**
 * The block's host: the machine of a split graph it runs on (docs/zeromq.md). Enter applies it to every selected
 * block (or to this one), as one undoable edit; a name that is no host name is refused in place.
 */
final class HostField {
    private HostField() {}

    static TextField of(GraphDocument doc, BlockInstance b) {
        TextField host = new TextField(b.host() == null ? "" : b.host());
        host.setId("prop-host");
        host.setPromptText("local");
        host.setTooltip(new Tooltip("Run this block (and the other selected ones) on another host: sigflow run "
                + "--part HOST runs that part; empty = local. Enter applies"));
        host.setOnAction(e -> apply(doc, b, host));
        return host;
    }

    private static void apply(GraphDocument doc, BlockInstance b, TextField field) {
        String v = field.getText().strip();
        if (!v.isEmpty() && !BlockInstance.isValidHost(v)) {
            field.setStyle("-fx-border-color: #d33;");
            field.setTooltip(new Tooltip(BlockInstance.hostRule(v)));
            return;
        }
        field.setStyle("");
        String current = b.host() == null ? "" : b.host();
        if (v.equals(current)) {
            return;
        }
        List<String> ids = doc.selectedBlocks().contains(b.id()) ? doc.selectedInGraphOrder() : List.of(b.id());
        doc.apply("Host " + (v.isEmpty() ? "local" : v) + " for " + String.join(", ", ids), GraphEdits.setHost(ids, v));
    }
}
