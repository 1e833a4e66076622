package org.sigflow.app;

import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * {@code -Dsigflow.startupProbe=print|exit}: measures the designer's cold start for the start-up benchmark
 * (tools/bench/startup). When the window's first frame has been laid out and the FX thread is free again (the window
 * answers input), it prints one line {@code sigflow-startup: first-frame EPOCH_MS} on standard error (the benchmark
 * subtracts its own start time); with {@code exit} the designer then ends (also the training run of the launcher's
 * AOT cache). Without the property nothing is registered.
 */
final class StartupProbe {
    private StartupProbe() {}

    static void watch(Scene scene) {
        String mode = System.getProperty("sigflow.startupProbe");
        if (mode == null) {
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            // the next turn of the event loop: this pulse's frame is drawn and the FX thread takes input again
            Platform.runLater(() -> {
                System.err.println("sigflow-startup: first-frame " + System.currentTimeMillis());
                if ("exit".equals(mode)) {
                    // after the start page or the file queued behind the first frame, so those classes load too
                    Platform.runLater(() -> Platform.runLater(() -> System.exit(0)));
                }
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
    }
}
