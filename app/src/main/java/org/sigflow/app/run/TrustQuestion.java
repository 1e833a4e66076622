package org.sigflow.app.run;

import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;
import javafx.stage.Window;
import org.sigflow.session.GraphTrust;

/**
 * Asks once, before a graph from elsewhere first runs, whether to trust it: the list of what it would do beyond its
 * folder and the loopback (files outside, files overwritten, network addresses), with Run and Cancel.
 */
final class TrustQuestion {
    private TrustQuestion() {}

    /** True when the user chose to run (and so trust) {@code name}. */
    static boolean ask(Window owner, String name, List<GraphTrust.Concern> concerns) {
        ButtonType run = new ButtonType("Trust and Run", ButtonBar.ButtonData.YES);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", run, ButtonType.CANCEL);
        a.initOwner(owner);
        a.setTitle("Run a graph from elsewhere?");
        a.setHeaderText(name + " was not made or trusted here, and running it would:");
        a.setContentText("Run it only if you trust where it came from. Your answer is remembered while the file "
                + "stays unchanged.");
        TextArea list = new TextArea(String.join("\n", concerns.stream().map(c -> "• " + c).toList()));
        list.setId("trust-concerns");
        list.setEditable(false);
        list.setWrapText(true);
        list.setPrefRowCount(Math.min(10, concerns.size() + 1));
        a.getDialogPane().setExpandableContent(list);
        a.getDialogPane().setExpanded(true);
        a.getDialogPane().setId("trust-dialog");
        a.getDialogPane().lookupButton(run).setId("trust-run");
        return a.showAndWait().filter(b -> b == run).isPresent();
    }
}
