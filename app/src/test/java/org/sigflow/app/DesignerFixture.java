package org.sigflow.app;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.sigflow.session.Engine;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The designer's main window in a TestFX stage (headless Monocle), with helpers the UI tests share. */
final class DesignerFixture {
    /** The repository's sample graphs (surefire runs in the app module folder). */
    static final Path SAMPLES = Path.of("..", "sample-graphs").toAbsolutePath().normalize();
    private static Engine engine;

    private DesignerFixture() {}

    static synchronized MainWindow show(Stage stage) throws Exception {
        if (engine == null) {
            // Hier blocks the tests make go to a library folder of their own (read when the engine is made).
            System.setProperty("sigflow.hier.home", java.nio.file.Files.createTempDirectory("sigflow-hier").toString());
            engine = Engine.loadDefault();
            // Autosave copies of the tests go to a folder of their own, never the user's.
            System.setProperty("sigflow.recoveryDir", java.nio.file.Files.createTempDirectory("sigflow-recovery")
                    .toString());
            // Recent files and the theme choice too.
            System.setProperty("sigflow.configDir", java.nio.file.Files.createTempDirectory("sigflow-config")
                    .toString());
            // Trust decisions of the tests go to a store of their own; the samples are shipped ones, as the launcher says.
            System.setProperty("sigflow.trustStore", java.nio.file.Files.createTempDirectory("sigflow-trust")
                    .resolve("trusted-graphs").toString());
            System.setProperty("sigflow.samples", SAMPLES.toString());
        }
        MainWindow w = new MainWindow(stage, engine);
        Scene scene = new Scene(w, 1440, 900);
        scene.getStylesheets().add(DesignerApp.class.getResource("designer.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
        return w;
    }

    /** Waits (at most 10 s) for a condition checked on the test thread. */
    static void await(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    /** Calls {@code c} on the JavaFX thread and returns its result (its exception thrown here). */
    static <T> T onFx(FxRobot robot, Callable<T> c) throws Exception {
        java.util.concurrent.atomic.AtomicReference<T> out = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<Exception> failed =
                new java.util.concurrent.atomic.AtomicReference<>();
        robot.interact(() -> {
            try {
                out.set(c.call());
            } catch (Exception e) {
                failed.set(e);
            }
        });
        if (failed.get() != null) {
            throw failed.get();
        }
        return out.get();
    }

    /** Runs on the JavaFX thread and waits for it. */
    static void fx(FxRobot robot, Runnable r) {
        robot.interact(r);
    }
}
