package org.sigflow.app.run;

import java.util.Optional;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * Run ▸ Run on Remote Engine…: asks for the address of a {@code sigflow serve} (host:port; through an SSH tunnel,
 * a local port) and its token. The last address is offered again; the token is not kept.
 */
public final class RemoteRunDialog {
    /** What the user entered. */
    public record Target(String address, String token) {}

    private static String lastAddress = "127.0.0.1:7878";

    private RemoteRunDialog() {}

    public static Optional<Target> ask(Window owner) {
        Dialog<Target> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Run on Remote Engine");
        d.setHeaderText("Run this graph on a SigFlow remote engine ('sigflow serve')");
        TextField address = new TextField(lastAddress);
        address.setId("remote-address");
        address.setPromptText("host:port");
        PasswordField token = new PasswordField();
        token.setId("remote-token");
        token.setPromptText("the token sigflow serve printed (none on its loopback)");
        GridPane grid = new GridPane(8, 8);
        grid.addRow(0, new Label("Address"), address);
        grid.addRow(1, new Label("Token"), token);
        d.getDialogPane().setContent(grid);
        d.getDialogPane().setId("remote-dialog");
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.getDialogPane().lookupButton(ButtonType.OK).setId("remote-run");
        d.setResultConverter(b -> b == ButtonType.OK ? new Target(address.getText().trim(), token.getText()) : null);
        Optional<Target> t = d.showAndWait();
        t.ifPresent(x -> lastAddress = x.address());
        return t;
    }
}
