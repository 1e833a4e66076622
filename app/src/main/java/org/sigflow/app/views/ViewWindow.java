package org.sigflow.app.views;

import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * A live view popped out of the dock into a window of its own, titled by its sink's id (GNU Radio's Qt sinks live in
 * the flowgraph's window, apart from GRC). Under software drawing JavaFX copies and uploads a whole window per frame
 * whatever changed, so a view drawing 60 frames/s in a small window of its own costs far less than in the designer's
 * main window, which then repaints only when something in it changes. Closing the window gives the view back.
 */
final class ViewWindow {
    private final Stage stage = new Stage();
    private final Label note = new Label();

    /**
     * @param sheets   the main window's scene, whose style sheets (theme) the window follows
     * @param onClosed called with the view, taken out of the window again, when the window closes
     */
    ViewWindow(LiveView view, String title, Scene sheets, double width, double height,
            java.util.function.Consumer<LiveView> onClosed) {
        Label name = new Label(title);
        name.setMnemonicParsing(false);
        name.getStyleClass().add("view-title");
        note.getStyleClass().add("view-note");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button dock = new Button("Dock");
        dock.setId("dock-" + view.getId().substring("view-".length()));
        dock.setTooltip(new Tooltip("Put the view back into the designer's live views"));
        dock.setFocusTraversable(false);
        dock.setOnAction(e -> close());
        HBox bar = new HBox(8, name, spacer, note, dock);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        bar.getStyleClass().addAll("view-bar", "view-window-bar");
        VBox root = new VBox(bar, view);
        VBox.setVgrow(view, Priority.ALWAYS);
        root.getStyleClass().add("view-panel");
        Scene scene = new Scene(root, width, height);
        if (sheets != null) {
            Bindings.bindContent(scene.getStylesheets(), sheets.getStylesheets()); // light or dark as the designer
            if (sheets.getWindow() != null) {
                stage.initOwner(sheets.getWindow());
            }
        }
        stage.setScene(scene);
        stage.setTitle(title);
        stage.setOnHidden(e -> {
            if (sheets != null) {
                Bindings.unbindContent(scene.getStylesheets(), sheets.getStylesheets());
            }
            root.getChildren().remove(view);
            onClosed.accept(view);
        });
    }

    void show() {
        stage.show();
    }

    void close() {
        stage.close();
    }

    void toFront() {
        stage.toFront();
    }

    Stage stage() {
        return stage;
    }

    /** The title bar's note (frames, dropped), updated by the views' timer as the docked one is. */
    Label note() {
        return note;
    }
}
