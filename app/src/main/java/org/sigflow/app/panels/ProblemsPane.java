package org.sigflow.app.panels;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.graph.Connection;
import org.sigflow.validate.Problem;
import org.sigflow.validate.Severity;

/** The validator's findings in the user's words; clicking one selects the block or connection it is about. */
public final class ProblemsPane extends VBox {
    private static final Pattern BLOCK = Pattern.compile("^block '([^']+)'");
    private final GraphDocument doc;
    private final ListView<Problem> list = new ListView<>();

    public ProblemsPane(GraphDocument doc) {
        this.doc = doc;
        setId("problems");
        list.setId("problems-list");
        list.setPlaceholder(new Label("No problems: the graph is ready to run."));
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Problem p, boolean empty) {
                super.updateItem(p, empty);
                if (empty || p == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                Label sev = new Label(p.severity() == Severity.ERROR ? "●" : "▲");
                sev.getStyleClass().add(p.severity() == Severity.ERROR ? "error-text" : "warning-text");
                Label where = new Label(p.where());
                where.getStyleClass().add("problem-where");
                Label msg = new Label(p.message());
                HBox.setHgrow(msg, Priority.ALWAYS);
                setGraphic(new HBox(8, sev, where, msg));
                setText(null);
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            if (p != null) {
                reveal(p);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().add(list);
        doc.validationProperty().addListener(o -> list.getItems().setAll(doc.validation().problems()));
        list.getItems().setAll(doc.validation().problems());
    }

    public ListView<Problem> list() {
        return list;
    }

    private void reveal(Problem p) {
        Matcher m = BLOCK.matcher(p.where());
        if (m.find() && doc.graph().block(m.group(1)).isPresent()) {
            doc.select(List.of(m.group(1)));
            return;
        }
        if (p.where().startsWith("connection ")) {
            for (Connection c : doc.graph().connections()) {
                if (p.where().startsWith("connection " + c)) {
                    doc.selectedBlocks().clear();
                    doc.selectedConnections().clear();
                    doc.selectedConnections().add(c);
                    return;
                }
            }
        }
    }
}
