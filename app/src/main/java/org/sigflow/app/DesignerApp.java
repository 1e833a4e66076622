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
    private static volatile MainWindow window;

    @Override
    public void start(Stage stage) throws Exception {
        Thread.setDefaultUncaughtExceptionHandler(DesignerApp::internalError);
        Engine engine = EarlyEngine.get(); // loading since main started
        MainWindow window = new MainWindow(stage, engine);
        Scene scene = new Scene(window, 1440, 900);
        scene.getStylesheets().add(DesignerApp.class.getResource("designer.css").toExternalForm());
        stage.setScene(scene);
        StartupProbe.watch(scene, window);
        stage.setOnCloseRequest(e -> {
            if (!window.confirmClose()) {
                e.consume();
            }
        });
        stage.show();
        DesignerApp.window = window;
        List<String> args = getParameters().getRaw();
        Platform.runLater(() -> {
            // A graph a crashed or killed designer left unsaved comes first; otherwise the file asked for.
            if (!window.offerRecovery()) {
                if (!args.isEmpty() && !args.getFirst().isBlank()) {
                    window.files().open(Path.of(args.getFirst()));
                } else {
                    window.showStartPage(); // started bare: samples and recent files
                }
            }
        });
    }

    /**
     * A bug, not bad input: the user gets one line on the status bar (the graph stays as it is) instead of a stack
     * trace; {@code SIGFLOW_DEBUG=1} prints the trace for a bug report.
     */
    private static void internalError(Thread t, Throwable e) {
        if (System.getenv("SIGFLOW_DEBUG") != null) {
            e.printStackTrace();
        }
        String line = "Internal error (" + e.getClass().getSimpleName() + (e.getMessage() == null ? ""
                : ": " + e.getMessage()) + "); set SIGFLOW_DEBUG=1 for details";
        MainWindow w = window;
        if (w == null) {
            System.err.println("sigflow gui: " + line);
        } else {
            Platform.runLater(() -> w.say(line));
        }
    }
}
