package org.sigflow.app.canvas;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import org.sigflow.graph.Connection;

/** The question asked when a wire is drawn between a CPU port and a CUDA port. */
final class MemoryNodeOffer {
    private MemoryNodeOffer() {}

    static boolean ask(javafx.stage.Window owner, Connection c) {
        ButtonType insert = new ButtonType("Insert memory node", ButtonBar.ButtonData.OK_DONE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "", insert, ButtonType.CANCEL);
        a.initOwner(owner);
        a.setTitle("SigFlow");
        a.setHeaderText("Connect " + c + " through a memory node?");
        a.setContentText("The two ports are in different memories (CPU and GPU). A host→device or device→host "
                + "node between them copies the samples across; it can be removed again with Undo.");
        a.getDialogPane().setId("memory-node-dialog");
        return a.showAndWait().filter(b -> b == insert).isPresent();
    }
}
