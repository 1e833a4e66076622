package org.sigflow.hier;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
import org.sigflow.catalog.ParamType;
import org.sigflow.expr.VariableRenaming;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;

/**
 * Replaces every hier block of a graph by the blocks inside it, recursively, so validation and the runtime see
 * only catalog blocks. Inner ids get the instance's id as prefix ({@code filt} holding {@code fir} gives
 * {@code filt__fir}), and so do inner variables; a parameter set on the instance replaces the inner variable it
 * names, as an expression over the outer graph's variables (so a variable changed while running reaches inside).
 * Wires through pads are joined: the outer block feeding a pad feeds every inner block the pad feeds.
 */
public final class HierFlattener {
    /** Separates an instance's id from the inner id in flattened ids. */
    public static final String SEPARATOR = "__";
    private static final int MAX_DEPTH = 32;

    private final Catalog catalog;
    private final HierLibrary library;
    private final Deque<Path> stack = new ArrayDeque<>();
    private final Map<String, BlockDef> used = new LinkedHashMap<>();
    private final List<String> missing = new ArrayList<>();

    /**
     * @param graph the graph with its hier blocks flattened (the same object when it has none)
     * @param used  the hier block types the graph uses directly, for validating it as drawn
     * @param notes for each block type that is neither a catalog block nor a hier block file, where it was looked
     *              for (the block is left as it is, for validation to report with the graph's other problems)
     */
    public record Flattened(Graph graph, List<BlockDef> used, List<String> notes) {
        public boolean changed() {
            return !used.isEmpty();
        }
    }

    private HierFlattener(Catalog catalog, HierLibrary library) {
        this.catalog = catalog;
        this.library = library;
    }

    /**
     * @param graphDir the folder of the graph's file (searched first for hier block files), or null
     * @throws HierException a hier block file is missing, broken or uses itself, or a wire names a port it lacks
     */
    public static Flattened flatten(Graph graph, Path graphDir, Catalog catalog, HierLibrary library)
            throws HierException {
        HierFlattener f = new HierFlattener(catalog, library);
        Graph flat = f.expand(graph, graphDir, true);
        return new Flattened(flat, List.copyOf(f.used.values()), List.copyOf(f.missing));
    }

    /** Whether the graph names a block type that is not in the catalog (only then are hier files looked for). */
    public static boolean mayUseHier(Graph graph, Catalog catalog) {
        return graph.blocks().stream().anyMatch(b -> catalog.find(b.type()).isEmpty());
    }

    private Graph expand(Graph g, Path dir, boolean top) throws HierException {
        List<String> problems = new ArrayList<>();
        Map<String, HierBlock> hiers = new LinkedHashMap<>();
        Map<String, Graph> insides = new HashMap<>();
        for (BlockInstance b : g.blocks()) {
            if (b.state() == BlockState.DISABLED || catalog.find(b.type()).isPresent()) {
                continue;
            }
            Optional<HierBlock> found;
            try {
                found = library.find(b.type(), dir);
            } catch (HierException e) {
                problems.addAll(e.problems().stream().map(p -> "block '" + b.id() + "': " + p).toList());
                continue;
            }
            if (found.isEmpty()) {
                missing.add("block '" + b.id() + "': '" + b.type() + "' is not in the catalog, and there is no hier "
                        + "block file " + b.type() + ".graph in " + library.describeSearch(dir));
                continue;
            }
            HierBlock h = found.get();
            if (b.state() == BlockState.BYPASSED) {
                problems.add("block '" + b.id() + "': a hier block cannot be bypassed (disable it, or bypass blocks "
                        + "inside it)");
                continue;
            }
            if (stack.contains(h.file()) || stack.size() >= MAX_DEPTH) {
                List<String> chain = new ArrayList<>(stack.reversed().stream().map(p -> p.getFileName().toString())
                        .toList());
                chain.add(h.file().getFileName().toString());
                throw new HierException("hier blocks use each other in a cycle: " + String.join(" → ", chain));
            }
            hiers.put(b.id(), h);
            if (top) {
                used.putIfAbsent(h.id(), h.def());
            }
            if (!insides.containsKey(h.file().toString())) {
                stack.push(h.file());
                try {
                    insides.put(h.file().toString(), expand(h.inner(), h.file().getParent(), false));
                } finally {
                    stack.pop();
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new HierException(problems);
        }
        if (hiers.isEmpty()) {
            return g;
        }
        return new Splice(g, hiers, insides).run();
    }

    /** One level of replacement: the graph's hier instances by their (already flattened) insides. */
    private final class Splice {
        private final Graph g;
        private final Map<String, HierBlock> hiers;
        private final Map<String, Graph> insides;
        private final List<String> problems = new ArrayList<>();
        /** Per hier instance, per input pad: the inner ports it feeds (or the output pad it passes straight to). */
        private final Map<String, Map<String, List<End>>> padTargets = new HashMap<>();
        /** Per hier instance, per output pad: the inner ports that feed it (or the input pad it comes from). */
        private final Map<String, Map<String, List<End>>> padSources = new HashMap<>();

        /** A block port of the result, or (pad != null) a pass-through to the same instance's pad of that id. */
        private record End(String block, String port, String pad) {}

        Splice(Graph g, Map<String, HierBlock> hiers, Map<String, Graph> insides) {
            this.g = g;
            this.hiers = hiers;
            this.insides = insides;
        }

        Graph run() throws HierException {
            Set<String> outerIds = new HashSet<>();
            g.blocks().forEach(b -> outerIds.add(b.id()));
            Map<String, String> variables = new LinkedHashMap<>(g.variables());
            List<BlockInstance> blocks = new ArrayList<>();
            List<Connection> inner = new ArrayList<>();
            for (BlockInstance b : g.blocks()) {
                HierBlock h = hiers.get(b.id());
                if (h == null) {
                    blocks.add(b);
                } else {
                    splice(b, h, insides.get(h.file().toString()), outerIds, variables, blocks, inner);
                }
            }
            Set<Connection> connections = new LinkedHashSet<>();
            for (Connection c : g.connections()) {
                if (hiers.containsKey(c.fromBlock()) || hiers.containsKey(c.toBlock())) {
                    for (End from : sources(c.fromBlock(), c.fromPort(), new HashSet<>())) {
                        for (End to : targets(c.toBlock(), c.toPort(), new HashSet<>())) {
                            connections.add(new Connection(from.block, from.port, to.block, to.port));
                        }
                    }
                } else {
                    connections.add(c);
                }
            }
            connections.addAll(inner);
            if (!problems.isEmpty()) {
                throw new HierException(List.copyOf(new LinkedHashSet<>(problems)));
            }
            return new Graph(g.metadata(), variables, blocks, List.copyOf(connections), g.views());
        }

        private void splice(BlockInstance instance, HierBlock h, Graph in, Set<String> outerIds,
                            Map<String, String> variables, List<BlockInstance> blocks, List<Connection> inner) {
            String prefix = instance.id() + SEPARATOR;
            Map<String, String> renames = new HashMap<>();
            in.variables().keySet().forEach(v -> renames.put(v, prefix + v));
            Set<String> params = new HashSet<>();
            h.def().params().forEach(p -> params.add(p.id()));
            in.variables().forEach((name, expr) -> {
                String value = params.contains(name) && instance.params().containsKey(name)
                        ? instance.params().get(name) : VariableRenaming.rename(expr, renames);
                if (variables.putIfAbsent(prefix + name, value) != null) {
                    problems.add("block '" + instance.id() + "': its variable '" + name + "' would be '" + prefix
                            + name + "', which the graph already has; rename one of them");
                }
            });
            Set<String> pads = new HashSet<>();
            for (BlockInstance b : in.blocks()) {
                if (HierPads.isInterface(b.type())) {
                    pads.add(b.id());
                    continue;
                }
                String id = prefix + b.id();
                if (outerIds.contains(id)) {
                    problems.add("block '" + instance.id() + "': its inner block '" + b.id() + "' would be '" + id
                            + "', which the graph already has; rename one of them");
                }
                Map<String, String> p = new LinkedHashMap<>();
                BlockDef def = catalog.find(b.type()).orElse(null);
                b.params().forEach((k, v) -> p.put(k, isEnum(def, k) ? v : VariableRenaming.rename(v, renames)));
                BlockState state = instance.state() == BlockState.ENABLED ? b.state() : instance.state();
                blocks.add(new BlockInstance(id, b.type(), p, state, instance.x() + b.x() / 8, instance.y() + b.y() / 8,
                        b.rotation(), b.comment(), b.host() != null ? b.host() : instance.host()));
            }
            Map<String, List<End>> targets = new HashMap<>();
            Map<String, List<End>> sources = new HashMap<>();
            for (Connection c : in.connections()) {
                boolean fromPad = pads.contains(c.fromBlock());
                boolean toPad = pads.contains(c.toBlock());
                if (fromPad) {
                    targets.computeIfAbsent(c.fromBlock(), k -> new ArrayList<>()).add(toPad
                            ? new End(null, null, c.toBlock()) : new End(prefix + c.toBlock(), c.toPort(), null));
                } else if (toPad) {
                    sources.computeIfAbsent(c.toBlock(), k -> new ArrayList<>())
                            .add(new End(prefix + c.fromBlock(), c.fromPort(), null));
                } else {
                    inner.add(new Connection(prefix + c.fromBlock(), c.fromPort(), prefix + c.toBlock(), c.toPort()));
                }
            }
            targets.forEach((pad, ends) -> ends.stream().filter(e -> e.pad != null)
                    .forEach(e -> sources.computeIfAbsent(e.pad, k -> new ArrayList<>()).add(new End(null, null, pad))));
            padTargets.put(instance.id(), targets);
            padSources.put(instance.id(), sources);
        }

        private boolean isEnum(BlockDef def, String param) {
            return def != null && def.param(param).map(ParamDef::type).orElse(null) == ParamType.ENUM;
        }

        /** The result's block ports that the output {@code block:port} of this graph stands for. */
        private List<End> sources(String block, String port, Set<String> seen) {
            HierBlock h = hiers.get(block);
            if (h == null) {
                return List.of(new End(block, port, null));
            }
            if (h.def().outputs().stream().noneMatch(p -> p.name().equals(port)) && !h.def().hasMessageOutput(port)) {
                problems.add("a connection from '" + block + ":" + port + "': hier block '" + h.id() + "' has no "
                        + "output '" + port + "' (its outputs: " + names(h.def().outputs()) + ")");
                return List.of();
            }
            List<End> ends = padSources.get(block).getOrDefault(port, List.of());
            if (ends.isEmpty()) {
                problems.add("block '" + block + "': output pad '" + port + "' of hier block '" + h.id()
                        + "' is fed by nothing inside");
            }
            List<End> all = new ArrayList<>();
            for (End e : ends) {
                if (e.pad == null) {
                    all.add(e);
                } else if (seen.add(block + ":" + e.pad)) {
                    // straight through from an input pad: whatever feeds that input
                    for (Connection c : g.connections()) {
                        if (c.toBlock().equals(block) && c.toPort().equals(e.pad)) {
                            all.addAll(sources(c.fromBlock(), c.fromPort(), seen));
                        }
                    }
                }
            }
            return all;
        }

        /** The result's block ports that the input {@code block:port} of this graph stands for. */
        private List<End> targets(String block, String port, Set<String> seen) {
            HierBlock h = hiers.get(block);
            if (h == null) {
                return List.of(new End(block, port, null));
            }
            if (h.def().inputs().stream().noneMatch(p -> p.name().equals(port)) && !h.def().hasMessageInput(port)) {
                problems.add("a connection to '" + block + ":" + port + "': hier block '" + h.id() + "' has no "
                        + "input '" + port + "' (its inputs: " + names(h.def().inputs()) + ")");
                return List.of();
            }
            List<End> all = new ArrayList<>();
            for (End e : padTargets.get(block).getOrDefault(port, List.of())) {
                if (e.pad == null) {
                    all.add(e);
                } else if (seen.add(block + ":" + e.pad)) {
                    for (Connection c : g.connections()) {
                        if (c.fromBlock().equals(block) && c.fromPort().equals(e.pad)) {
                            all.addAll(targets(c.toBlock(), c.toPort(), seen));
                        }
                    }
                }
            }
            return all;
        }

        private static String names(List<org.sigflow.catalog.PortDef> ports) {
            return ports.isEmpty() ? "none" : String.join(", ", ports.stream().map(
                    org.sigflow.catalog.PortDef::name).toList());
        }
    }
}
