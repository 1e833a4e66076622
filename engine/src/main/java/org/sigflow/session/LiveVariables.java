package org.sigflow.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.sigflow.expr.Value;
import org.sigflow.runtime.GraphVariables;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.validate.ResolvedBlock;

/**
 * The variables of one running graph, shared by everything that changes them (a control view, the remote API, an
 * XML-RPC server block, a message): it holds the graph as the last change left it and applies changes one at a
 * time, in the order asked, each through {@link VariableChange} on a thread of its own (never a block's, which may
 * have to apply a dependent parameter meanwhile).
 */
final class LiveVariables implements GraphVariables {
    private static final Executor CHANGES = r -> Thread.ofVirtual().name("sigflow-variable-change").start(r);

    /** Weakly: the engine keys these by their graph in a weak map, which a strong reference would keep forever. */
    private final CompletableFuture<java.lang.ref.WeakReference<RunningGraph>> run = new CompletableFuture<>();
    private volatile OpenedGraph current;
    /** The last change asked for: the next one runs after it (changes wait for the graph to have started). */
    private CompletableFuture<?> tail = run;

    LiveVariables(OpenedGraph opened) {
        this.current = opened;
    }

    /** The graph has started: changes asked for meanwhile are applied now. */
    void attach(RunningGraph g) {
        run.complete(new java.lang.ref.WeakReference<>(g));
    }

    /** The graph did not start: changes asked for fail. */
    void abandon(Throwable why) {
        run.completeExceptionally(why);
    }

    OpenedGraph current() {
        return current;
    }

    @Override
    public List<String> names() {
        return new ArrayList<>(current.graph().variables().keySet());
    }

    @Override
    public Optional<Value> value(String name) {
        return Optional.ofNullable(current.resolved().variables().get(name));
    }

    @Override
    public Optional<Value> param(String blockId, String paramId) {
        for (ResolvedBlock b : current.resolved().blocks()) {
            if (b.id().equals(blockId)) {
                return Optional.ofNullable(b.params().get(paramId));
            }
        }
        return Optional.empty();
    }

    @Override
    public synchronized CompletableFuture<Void> set(String name, String expression) {
        CompletableFuture<Void> next = tail.handle((ok, err) -> null).thenRunAsync(() -> apply(name, expression),
                CHANGES);
        tail = next;
        return next;
    }

    private void apply(String name, String expression) {
        java.lang.ref.WeakReference<RunningGraph> ref = run.getNow(null);
        RunningGraph g = ref == null ? null : ref.get();
        if (g == null) {
            throw new IllegalStateException("the graph did not start");
        }
        try {
            current = VariableChange.apply(current, g, name, expression);
        } catch (InvalidGraphException e) {
            throw new IllegalArgumentException(String.join("; ", e.problems()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    /** {@link #set}, waited for: the graph with the change, or the reason it was refused. */
    OpenedGraph change(String name, String expression) throws InvalidGraphException, InterruptedException {
        try {
            set(name, expression).get();
            return current;
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IllegalArgumentException && c.getCause() instanceof InvalidGraphException invalid) {
                throw invalid;
            }
            throw new InvalidGraphException(current.file().toString(), List.of(Engine.userMessage(c)));
        }
    }
}
