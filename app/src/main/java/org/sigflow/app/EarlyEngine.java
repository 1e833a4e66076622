package org.sigflow.app;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.sigflow.session.Engine;

/**
 * The engine (block catalog and registry) loads on its own thread from the first line of {@code main}, while JavaFX
 * starts its toolkit on the other core: the window needs both, and neither waits for the other (part of the
 * designer's cold start, docs/performance.md). {@link #get} returns it, or throws what loading it threw.
 */
final class EarlyEngine {
    private static final CompletableFuture<Engine> ENGINE = new CompletableFuture<>();
    private static volatile boolean started;

    private EarlyEngine() {}

    static synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        Thread t = new Thread(() -> {
            try {
                ENGINE.complete(Engine.loadDefault());
            } catch (Exception | Error e) {
                ENGINE.completeExceptionally(e);
            }
        }, "sigflow-engine-load");
        t.setDaemon(true);
        t.start();
    }

    /** The engine; loads it here when {@link #start} was not called (tests that start the application directly). */
    static Engine get() throws Exception {
        start();
        try {
            return ENGINE.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) {
                throw x;
            }
            throw (Error) e.getCause();
        }
    }
}
