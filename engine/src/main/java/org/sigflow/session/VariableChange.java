package org.sigflow.session;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.text.DidYouMean;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ParamValueException;
import org.sigflow.validate.ResolvedBlock;
import org.sigflow.validate.ResolvedGraph;

/**
 * Changes a graph variable while the graph runs, as GNU Radio Companion's range widgets do: every variable and every
 * block parameter that depends on it (directly or through other variables) is re-evaluated and checked first; the
 * change is refused as a whole, with nothing applied, if any of them is invalid or cannot change while running.
 */
final class VariableChange {
    private static final long APPLY_TIMEOUT_SECONDS = 5;

    private record Update(String blockId, String paramId, Value value) {}

    private VariableChange() {}

    static OpenedGraph apply(OpenedGraph opened, RunningGraph run, String name, String text)
            throws InvalidGraphException, InterruptedException {
        String source = opened.file().toString();
        Graph graph = opened.graph();
        if (!graph.variables().containsKey(name)) {
            throw new InvalidGraphException(source, List.of("there is no variable '" + name + "'"
                    + DidYouMean.hint(name, graph.variables().keySet())));
        }
        Map<String, String> definitions = new LinkedHashMap<>(graph.variables());
        definitions.put(name, text);
        Set<String> changed = dependents(definitions, name);
        Map<String, Value> unchanged = new LinkedHashMap<>(opened.resolved().variables());
        unchanged.keySet().removeAll(changed); // keeps --set overrides of the variables this change does not touch
        VariableResolver.Resolution r = VariableResolver.resolve(definitions, unchanged);
        if (!r.errors().isEmpty()) {
            throw new InvalidGraphException(source, r.errors().stream()
                    .map(e -> "variable '" + e.variable() + "': " + e.message()).toList());
        }
        ResolvedGraph before = opened.resolved();
        ResolvedGraph withVariables = new ResolvedGraph(before.source(), r.values(), before.blocks(), before.edges(),
                before.messageEdges());
        List<Update> updates = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (ResolvedBlock b : before.blocks()) {
            BlockInstance instance = graph.block(b.id()).orElseThrow();
            for (ParamDef p : b.def().params()) {
                String expr = instance.params().getOrDefault(p.id(), p.defaultValue());
                if (p.type() != ParamType.ENUM && references(expr, changed)) {
                    try {
                        updates.add(new Update(b.id(), p.id(),
                                GraphValidator.evaluateParam(withVariables, b.id(), p.id(), expr)));
                    } catch (ParamValueException e) {
                        errors.add("changing '" + name + "' to " + text + ": " + e.getMessage());
                    }
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidGraphException(source, errors);
        }
        applyAll(source, run, updates);
        return new OpenedGraph(opened.file(), opened.baseDir(), graph.withVariable(name, text),
                withParams(withVariables, updates), opened.warnings());
    }

    /** {@code name} and every variable whose expression reaches it. */
    private static Set<String> dependents(Map<String, String> definitions, String name) {
        Set<String> changed = new HashSet<>(Set.of(name));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (var d : definitions.entrySet()) {
                if (!changed.contains(d.getKey()) && references(d.getValue(), changed)) {
                    grew |= changed.add(d.getKey());
                }
            }
        }
        return changed;
    }

    private static boolean references(String expression, Set<String> names) {
        try {
            for (String ref : Expression.parse(expression).references()) {
                if (names.contains(ref)) {
                    return true;
                }
            }
            return false;
        } catch (ExpressionException e) {
            return false; // the graph validated, so this is not a variable expression (e.g. a plain option)
        }
    }

    private static void applyAll(String source, RunningGraph run, List<Update> updates)
            throws InvalidGraphException, InterruptedException {
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (Update u : updates) {
            pending.add(run.setParam(u.blockId(), u.paramId(), u.value()));
        }
        List<String> refused = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            try {
                pending.get(i).get(APPLY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                Throwable c = e instanceof ExecutionException ? e.getCause() : e;
                refused.add("block '" + updates.get(i).blockId() + "' param '" + updates.get(i).paramId() + "': "
                        + Engine.userMessage(c));
            }
        }
        if (!refused.isEmpty()) {
            throw new InvalidGraphException(source, refused);
        }
    }

    private static ResolvedGraph withParams(ResolvedGraph g, List<Update> updates) {
        List<ResolvedBlock> blocks = new ArrayList<>();
        for (ResolvedBlock b : g.blocks()) {
            Map<String, Value> params = new LinkedHashMap<>(b.params());
            for (Update u : updates) {
                if (u.blockId().equals(b.id())) {
                    params.put(u.paramId(), u.value());
                }
            }
            blocks.add(new ResolvedBlock(b.id(), b.def(), params, b.inputs(), b.outputs()));
        }
        return new ResolvedGraph(g.source(), g.variables(), blocks, g.edges(), g.messageEdges());
    }
}
