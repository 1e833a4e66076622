package org.sigflow.app;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.sigflow.session.Engine;

/** The JavaFX application: loads the engine (catalog and blocks), shows the main window, opens the given file. */
public final class DesignerApp extends Application {

    @Override
    public void start(Stage stage) throws Exception {
        Engine engine = Engine.loadDefault();
        MainWindow window = new MainWindow(stage, engine);
        Scene scene = new Scene(window, 1440, 900);
        scene.getStylesheets().add(DesignerApp.class.getResource("designer.css").toExternalForm());
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (!window.confirmClose()) {
                e.consume();
            }
        });
        stage.show();
        List<String> args = getParameters().getRaw();
        if (!args.isEmpty() && !args.getFirst().isBlank()) {
            Path file = Path.of(args.getFirst());
            Platform.runLater(() -> window.files().open(file));
        }
    }
}
