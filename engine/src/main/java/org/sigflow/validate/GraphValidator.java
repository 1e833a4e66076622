package org.sigflow.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.ParamDef;
import org.sigflow.expr.EvaluationBudget;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.text.DidYouMean;

/**
 * Checks a graph against the catalog and resolves it for the engine. Every problem is reported in the user's
 * words, naming the block, param, port or connection it is about; the graph is only resolved when there is no
 * error. Disabled blocks are ignored together with their connections.
 */
public final class GraphValidator {
    private GraphValidator() {}

    /**
     * @param overrides values replacing variables' expressions (e.g. from the command line); may be empty
     */
    public static ValidationResult validate(Graph graph, Catalog catalog, Map<String, Value> overrides) {
        return validate(graph, catalog, overrides, EvaluationBudget.forGraph());
    }

    /**
     * Validates under {@code budget}: the graph's expressions together may create at most its elements, and
     * {@link EvaluationBudget#cancel()} from another thread makes the remaining evaluations fail at once (the designer
     * validates off the UI thread and drops stale results).
     */
    public static ValidationResult validate(Graph graph, Catalog catalog, Map<String, Value> overrides,
                                            EvaluationBudget budget) {
        return budget.apply(() -> new Run(graph, catalog).validate(overrides));
    }

    /**
     * Evaluates a new value for one param of a running graph, with the same checks as validation (type, options,
     * range, the block's asserts). The graph's variables are the scope.
     *
     * @throws ParamValueException with a user message when the value cannot be used, or the param cannot change
     *                             while the graph runs
     */
    public static Value evaluateParam(ResolvedGraph graph, String blockId, String paramId, String expressionText)
            throws ParamValueException {
        ResolvedBlock block = graph.block(blockId).orElseThrow(() ->
                new ParamValueException("there is no running block '" + blockId + "'"));
        ParamDef def = block.def().param(paramId).orElseThrow(() -> new ParamValueException("block '" + blockId
                + "' (" + block.def().id() + ") has no param '" + paramId + "'"));
        if (!def.runtime()) {
            throw new ParamValueException("param '" + paramId + "' of block '" + blockId
                    + "' cannot change while the graph runs; stop the graph to change it");
        }
        Value value = ParamEvaluator.evaluate(def, expressionText, graph.variables());
        Map<String, Value> params = new LinkedHashMap<>(block.params());
        params.put(paramId, value);
        Map<String, Value> scope = new LinkedHashMap<>(graph.variables());
        scope.putAll(params);
        List<Problem> problems = new ArrayList<>();
        BlockResolver.checkAsserts(block.id(), block.def(), scope, problems);
        if (!problems.isEmpty()) {
            throw new ParamValueException(problems.getFirst().message());
        }
        return value;
    }

    /**
     * Resolves one block on its own (params evaluated over {@code variables}, ports expanded), as the designer
     * draws it; empty when its type is unknown or a param cannot be evaluated (the validation problems say why).
     */
    public static Optional<ResolvedBlock> resolveBlock(BlockInstance block, Catalog catalog,
                                                       Map<String, Value> variables) {
        return catalog.find(block.type()).map(def -> BlockResolver.resolve(block, def, variables, Set.of(),
                new ArrayList<>()));
    }

    /** State of one validation. */
    private static final class Run {
        private final Graph graph;
        private final Catalog catalog;
        private final List<Problem> problems = new ArrayList<>();
        /** Non-disabled blocks that resolved, bypassed ones included, in graph order. */
        private final Map<String, ResolvedBlock> resolved = new LinkedHashMap<>();
        /** Blocks whose ports are unknown (unknown type, bad params): their edges are skipped without noise. */
        private final Set<String> unusable = new HashSet<>();
        private final Set<String> disabled = new HashSet<>();
        private final Set<String> bypassed = new LinkedHashSet<>();
        /** Ports wired to an unusable block ({@code "in fir:in"}, {@code "out src:out"}): not "unconnected". */
        private final Set<String> excused = new HashSet<>();
        private final List<ResolvedMessageEdge> messageEdges = new ArrayList<>();

        Run(Graph graph, Catalog catalog) {
            this.graph = graph;
            this.catalog = catalog;
        }

        ValidationResult validate(Map<String, Value> overrides) {
            VariableResolver.Resolution vars = VariableResolver.resolve(graph.variables(), overrides);
            Set<String> brokenVariables = new HashSet<>();
            for (VariableResolver.VariableError e : vars.errors()) {
                brokenVariables.add(e.variable());
                problems.add(Problem.error("variable '" + e.variable() + "'", e.message()
                        + (e.position() >= 0 ? " at column " + (e.position() + 1) : "")));
            }
            resolveBlocks(vars.values(), brokenVariables);
            DeviceIndexCheck.check(resolved.values(), problems);
            List<Wire> wires = wires();
            PortUsage.check(resolved.values(), wires, excused, problems);
            Set<Connection> badConnections = new HashSet<>();
            for (Wire w : wires) {
                if (!WireChecks.check(w, problems)) {
                    badConnections.addAll(w.path());
                }
            }
            List<ResolvedBlock> toBypass = bypassed.stream().filter(resolved::containsKey).map(resolved::get)
                    .toList();
            boolean bypassOk = Bypass.checkBypassable(toBypass, problems);
            // Without a valid bypass the raw wiring still gets its cycle check.
            List<Wire> joined = bypassOk ? Bypass.join(wires, bypassed) : wires;
            if (bypassOk) {
                for (Wire w : joined) {
                    // A joined wire may pair ends that were never side by side (e.g. across a memory node).
                    if (w.path().size() > 1 && w.path().stream().noneMatch(badConnections::contains)) {
                        WireChecks.check(w, problems);
                    }
                }
            }
            List<String> running = resolved.keySet().stream().filter(id -> !bypassOk || !bypassed.contains(id))
                    .toList();
            Topology topology = new Topology(running, joined);
            topology.reportCycles(problems);
            if (problems.stream().anyMatch(p -> p.severity() == Severity.ERROR)) {
                return new ValidationResult(problems, null);
            }
            List<ResolvedBlock> ordered = topology.order().stream().map(resolved::get).toList();
            List<ResolvedEdge> edges = joined.stream().map(Wire::toEdge).toList();
            List<ResolvedMessageEdge> messages = messageEdges.stream().filter(m -> !bypassOk
                    || !bypassed.contains(m.fromBlock()) && !bypassed.contains(m.toBlock())).toList();
            return new ValidationResult(problems, new ResolvedGraph(graph, vars.values(), ordered, edges, messages));
        }

        private void resolveBlocks(Map<String, Value> variables, Set<String> brokenVariables) {
            List<String> knownIds = catalog.all().stream().map(BlockDef::id).toList();
            for (BlockInstance b : graph.blocks()) {
                if (b.state() == BlockState.DISABLED) {
                    disabled.add(b.id());
                    continue;
                }
                if (b.state() == BlockState.BYPASSED) {
                    bypassed.add(b.id());
                }
                BlockDef def = catalog.find(b.type()).orElse(null);
                if (def == null) {
                    String hint = DidYouMean.closest(b.type(), knownIds).map(s -> " (did you mean '" + s + "'?)")
                            .orElse("");
                    problems.add(Problem.error("block '" + b.id() + "'", "unknown block type '" + b.type() + "'"
                            + hint));
                    unusable.add(b.id());
                    continue;
                }
                ResolvedBlock rb = BlockResolver.resolve(b, def, variables, brokenVariables, problems);
                if (rb == null) {
                    unusable.add(b.id());
                } else {
                    resolved.put(b.id(), rb);
                }
            }
        }

        /** The file's connections between usable blocks as wires; problems for names that do not exist. */
        private List<Wire> wires() {
            Set<String> ids = new HashSet<>();
            graph.blocks().forEach(b -> ids.add(b.id()));
            List<Wire> wires = new ArrayList<>();
            for (Connection c : graph.connections()) {
                if (disabled.contains(c.fromBlock()) || disabled.contains(c.toBlock())) {
                    continue;
                }
                String where = "connection " + c;
                boolean namesOk = true;
                for (String id : List.of(c.fromBlock(), c.toBlock())) {
                    if (!ids.contains(id)) {
                        problems.add(Problem.error(where, "there is no block '" + id + "'"));
                        namesOk = false;
                    }
                }
                if (!namesOk) {
                    continue;
                }
                if (unusable.contains(c.fromBlock()) || unusable.contains(c.toBlock())) {
                    // The other end's port counts as connected: its block's own error is what needs fixing.
                    excused.add("in " + c.toBlock() + ":" + c.toPort());
                    excused.add("out " + c.fromBlock() + ":" + c.fromPort());
                    continue;
                }
                ResolvedBlock from = resolved.get(c.fromBlock());
                ResolvedBlock to = resolved.get(c.toBlock());
                if (MessageWires.isMessage(from, c.fromPort(), to, c.toPort())) {
                    MessageWires.check(c, from, to, where, problems).ifPresent(messageEdges::add);
                    continue;
                }
                int out = from.outputIndex(c.fromPort());
                int in = to.inputIndex(c.toPort());
                if (out < 0) {
                    problems.add(Problem.error(where, "block '" + from.id() + "' has no output '" + c.fromPort()
                            + "' (its outputs: " + PortUsage.names(from.outputs()) + ")"));
                }
                if (in < 0) {
                    problems.add(Problem.error(where, "block '" + to.id() + "' has no input '" + c.toPort()
                            + "' (its inputs: " + PortUsage.names(to.inputs()) + ")"));
                }
                if (out >= 0 && in >= 0) {
                    wires.add(new Wire(from, out, to, in, List.of(c)));
                }
            }
            return wires;
        }
    }
}
