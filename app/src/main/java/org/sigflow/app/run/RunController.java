package org.sigflow.app.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import java.util.function.Supplier;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.sigflow.app.model.GraphDocument;
import org.sigflow.catalog.ParamDef;
import org.sigflow.format.GraphWriter;
import org.sigflow.remote.RemoteEngine;
import org.sigflow.remote.RemoteException;
import org.sigflow.remote.RemoteRun;
import org.sigflow.runtime.LiveRun;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;
import org.sigflow.session.GraphTrust;
import org.sigflow.session.InvalidGraphException;
import org.sigflow.session.OpenedGraph;
import org.sigflow.session.TrustStore;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.Problem;
import org.sigflow.validate.ValidationResult;

/**
 * Runs the document's graph on the embedded engine, or on a remote engine ({@code sigflow serve}), and forwards edits of runtime params and variables to it. All
 * methods are called on the JavaFX thread; the engine's threads report back through {@code Platform.runLater}.
 */
public final class RunController {
    private final Engine engine;
    private final GraphDocument doc;
    private final Consumer<String> status;
    private final ReadOnlyObjectWrapper<LiveRun> running = new ReadOnlyObjectWrapper<>();
    private volatile OpenedGraph opened;
    private final java.util.concurrent.ExecutorService variableChanges = java.util.concurrent.Executors
            .newSingleThreadExecutor(r -> Thread.ofPlatform().daemon(true).name("sigflow-variable-change").unstarted(r));
    private LiveRun lastRun;
    private Runnable onStart = () -> { };
    /** Asks whether to trust a graph from elsewhere before its first run (a dialog; tests may answer). */
    private BiPredicate<String, List<GraphTrust.Concern>> askTrust = (name, concerns) -> false;

    public RunController(Engine engine, GraphDocument doc, Consumer<String> status) {
        this.engine = engine;
        this.doc = doc;
        this.status = status;
    }

    public ReadOnlyObjectProperty<LiveRun> runningProperty() {
        return running.getReadOnlyProperty();
    }

    public LiveRun running() {
        return running.get();
    }

    /** The running graph, or the one that ran last (its final frames and metrics stay readable). */
    public LiveRun lastRun() {
        return lastRun;
    }

    /** A new document was loaded: the last run's frames and metrics belong to the old one (a running graph stays). */
    public void forgetLastRun() {
        if (running.get() == null) {
            lastRun = null;
        }
    }

    /** The file an unsaved document was imported from (a .grc made elsewhere), or null. */
    private Supplier<Path> importedFrom = () -> null;

    /**
     * Asks the trust question over {@code owner} (the designer's window); {@code importedFrom} names the file an
     * unsaved document came from (null: made here).
     */
    public void askTrustOver(Supplier<javafx.stage.Window> owner, Supplier<Path> importedFrom) {
        askTrust = (name, concerns) -> TrustQuestion.ask(owner.get(), name, concerns);
        this.importedFrom = importedFrom;
    }

    /** Called after a graph started (the views reset themselves). */
    public void setOnStart(Runnable r) {
        onStart = r;
    }

    /** Validates and starts the graph; false (with the reason on the status line) if it cannot run. */
    public boolean start() {
        if (running.get() != null) {
            return false;
        }
        ValidationResult v = GraphValidator.validate(doc.graph(), doc.catalog(), Map.of());
        if (!v.isValid()) {
            Problem first = v.errors().getFirst();
            status.accept("Cannot run: " + v.errors().size() + " problem(s); first: " + first);
            return false;
        }
        Path file = doc.fileProperty().get() != null ? doc.fileProperty().get() : Path.of("untitled.graph");
        Path dir = file.toAbsolutePath().getParent();
        org.sigflow.graph.Graph toRun = doc.graph();
        if (org.sigflow.hier.HierFlattener.mayUseHier(toRun, engine.catalog())) { // hier blocks run flattened
            try {
                toRun = org.sigflow.hier.HierGraphs.flattened(toRun, dir, engine.catalog(), engine.hierLibrary(),
                        Map.of());
            } catch (org.sigflow.hier.HierException e) {
                status.accept("Cannot run: " + e.problems().getFirst());
                return false;
            }
            v = GraphValidator.validate(toRun, engine.catalog(), Map.of());
            if (!v.isValid()) {
                status.accept("Cannot run: inside a hier block: " + v.errors().getFirst());
                return false;
            }
        }
        OpenedGraph flat = new OpenedGraph(file, dir, toRun, v.resolved(), v.warnings().stream()
                .map(Problem::toString).toList());
        synchronized (this) {
            opened = flat;
        }
        if (!trusted(doc.fileProperty().get() != null ? doc.fileProperty().get() : importedFrom.get(), opened)) {
            return false;
        }
        RunningGraph run;
        try {
            run = engine.start(opened, RunOptions.DEFAULT);
        } catch (InvalidGraphException e) {
            status.accept("Cannot run: " + String.join("; ", e.problems()));
            return false;
        }
        // Say where CUDA blocks run (a device, or their CPU twins when there is no GPU), not just "Running".
        began(run, "Running" + org.sigflow.session.Engine.cudaNotice(opened).map(n -> " — " + n).orElse(""));
        return true;
    }

    /**
     * Sends the graph to the remote engine at {@code address} and runs it there; the views then show its frames and
     * metrics. Connecting happens off the JavaFX thread; the status line tells how it went.
     */
    public void startRemote(String address, String token) {
        if (running.get() != null) {
            return;
        }
        ValidationResult v = GraphValidator.validate(doc.graph(), doc.catalog(), Map.of());
        if (!v.isValid()) {
            status.accept("Cannot run: " + v.errors().size() + " problem(s); first: " + v.errors().getFirst());
            return;
        }
        org.sigflow.graph.Graph toSend = doc.graph();
        try { // the remote engine has no hier block files: it gets the graph flattened
            Path f = doc.fileProperty().get();
            toSend = org.sigflow.hier.HierGraphs.flattened(toSend, f == null ? null : f.toAbsolutePath().getParent(),
                    engine.catalog(), engine.hierLibrary(), Map.of());
        } catch (org.sigflow.hier.HierException e) {
            status.accept("Cannot run: " + e.problems().getFirst());
            return;
        }
        String text = new GraphWriter().write(toSend);
        status.accept("Connecting to the remote engine at " + address + "…");
        Thread.ofPlatform().daemon(true).name("sigflow-remote-start").start(() -> {
            try {
                RemoteRun run = RemoteEngine.connect(address, token).run(text);
                Platform.runLater(() -> {
                    if (running.get() != null) {
                        run.stop(); // a local run started meanwhile
                        return;
                    }
                    began(run, "Running on the remote engine at " + address);
                });
            } catch (RemoteException e) {
                Platform.runLater(() -> status.accept("Cannot run remotely: " + e.getMessage()));
            } catch (InvalidGraphException e) {
                Platform.runLater(() -> status.accept("Cannot run remotely: " + e.source() + ": "
                        + String.join("; ", e.problems())));
            }
        });
    }

    private void began(LiveRun run, String message) {
        running.set(run);
        lastRun = run;
        onStart.run();
        status.accept(message);
        Thread.ofPlatform().daemon(true).name("sigflow-run-watch").start(() -> {
            try {
                RunOutcome outcome = run.await();
                Platform.runLater(() -> finished(run, outcome));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /**
     * A graph runs freely when the user made it here (not saved yet), trusted it before (saved by this designer, or
     * answered yes), it is a shipped sample, or it stays in its folder and on the loopback; otherwise the list of
     * what it would do is shown once and the answer remembered ({@link TrustStore}) while the file is unchanged.
     */
    private boolean trusted(Path file, OpenedGraph g) {
        TrustStore store = TrustStore.user();
        if (file == null || store.isTrusted(file)) {
            return true;
        }
        List<GraphTrust.Concern> concerns = GraphTrust.concerns(g);
        if (concerns.isEmpty()) {
            return true;
        }
        if (!askTrust.test(file.getFileName().toString(), concerns)) {
            status.accept("Not run: " + file.getFileName() + " is not trusted (" + concerns.size()
                    + " thing(s) beyond its folder: " + concerns.getFirst() + (concerns.size() > 1 ? ", …)" : ")"));
            return false;
        }
        try {
            store.trust(file);
        } catch (java.io.IOException e) {
            status.accept("Could not remember the trust in " + file.getFileName() + ": " + e.getMessage());
        }
        return true;
    }

    private void finished(LiveRun run, RunOutcome outcome) {
        if (running.get() != run) {
            return;
        }
        String secs = String.format(java.util.Locale.ROOT, "%.1f s", outcome.seconds());
        // the status line first: whoever sees no run any more also sees how it ended
        status.accept(switch (outcome.kind()) {
            case COMPLETED -> "Finished after " + secs;
            case STOPPED -> "Stopped after " + secs;
            case FAILED -> "Failed after " + secs + ": " + outcome.failure().describe();
        });
        running.set(null);
    }

    /** Asks the graph to stop; the status line says when it has. */
    public void stop() {
        LiveRun run = running.get();
        if (run != null) {
            run.stop();
            status.accept("Stopping…");
        }
    }

    /** Applies a committed param value to the running graph when the param may change while running. */
    public void paramCommitted(String blockId, String paramId, String text) {
        LiveRun run = running.get();
        if (run == null) {
            return;
        }
        boolean runtime = doc.graph().block(blockId).flatMap(b -> doc.catalog().find(b.type()))
                .flatMap(d -> d.param(paramId)).map(ParamDef::runtime).orElse(false);
        if (!runtime) {
            status.accept(blockId + "." + paramId + " cannot change while running: it applies at the next run");
            return;
        }
        boolean hier = doc.graph().block(blockId).map(b -> engine.catalog().find(b.type()).isEmpty()).orElse(false);
        if (hier) { // a hier block's param is the variable it became when flattened (locally and remotely)
            variableCommitted(blockId + org.sigflow.hier.HierFlattener.SEPARATOR + paramId, text);
            return;
        }
        CompletableFuture<Void> applied = run instanceof RemoteRun remote ? remote.changeParam(blockId, paramId, text)
                : engine.changeParam(opened, (RunningGraph) run, blockId, paramId, text);
        applied.whenComplete((ok, err) -> Platform.runLater(() ->
                status.accept(err == null ? "Applied " + blockId + "." + paramId + " = " + text + " to the running "
                        + "graph" : "Not applied to the running graph: " + rootMessage(err))));
    }

    /** Applies a committed variable to the running graph (dependent runtime params are re-evaluated). */
    public void variableCommitted(String name, String text) {
        LiveRun live = running.get();
        if (live == null) {
            return;
        }
        if (live instanceof RemoteRun remote) {
            remote.changeVariable(name, text).whenComplete((ok, err) -> Platform.runLater(() -> status.accept(
                    err == null ? "Applied variable " + name + " = " + text + " to the running graph"
                            : "Variable " + name + " not applied to the running graph: " + rootMessage(err))));
            return;
        }
        RunningGraph run = (RunningGraph) live;
        // one at a time, in order, each on the graph the previous one left (a control view's slider sends many)
        variableChanges.execute(() -> {
            try {
                OpenedGraph current = opened;
                OpenedGraph next = engine.changeVariable(current, run, name, text);
                synchronized (this) {
                    if (opened == current) { // not a new run meanwhile
                        opened = next;
                    }
                }
                Platform.runLater(() ->
                        status.accept("Applied variable " + name + " = " + text + " to the running graph"));
            } catch (InvalidGraphException e) {
                Platform.runLater(() -> status.accept("Variable " + name + " not applied to the running graph: "
                        + String.join("; ", e.problems())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage();
    }
}
