package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.expr.Value;
import org.sigflow.expr.VariableRenaming;
import org.sigflow.expr.VariableResolver;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;
import org.sigflow.hier.HierPads;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ResolvedPort;

/**
 * "Make Hier Block" without the UI: the selected blocks become the inside of a hier block (a pad per wire end
 * crossing the selection's boundary, a parameter per variable they use), and the graph gets one instance of it in
 * their place, wired as they were, its parameters set to the outer variables of the same names.
 */
public final class HierMaker {
    private HierMaker() {}

    /** @param inner the hier block's graph (to save as {@code <id>.graph}); @param outer the graph using it */
    public record Made(Graph inner, Graph outer, String instanceId) {}

    /** One end of a wire crossing the boundary, as seen from inside: the inner block port it concerns. */
    private record End(String block, String port) {}

    public static Made make(Graph g, Catalog catalog, List<String> selection, String hierId, String title) {
        Set<String> sel = new LinkedHashSet<>(selection);
        Map<String, Value> values = VariableResolver.resolve(g.variables(), Map.of()).values();
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        for (BlockInstance b : g.blocks()) {
            if (sel.contains(b.id())) {
                minX = Math.min(minX, b.x());
                minY = Math.min(minY, b.y());
                maxX = Math.max(maxX, b.x());
            }
        }
        double dx = 220 - minX;
        double dy = 60 - minY;
        List<BlockInstance> inner = new ArrayList<>();
        for (BlockInstance b : g.blocks()) {
            if (sel.contains(b.id())) {
                inner.add(b.withPosition(b.x() + dx, b.y() + dy).withHost(null));
            }
        }
        // pads: one per distinct inner port that a wire from / to outside reaches
        Map<End, String> inPads = new LinkedHashMap<>();
        Map<End, String> outPads = new LinkedHashMap<>();
        List<Connection> innerWires = new ArrayList<>();
        List<Connection> outerWires = new ArrayList<>();
        String instance = uniqueId(g, hierId + "_0");
        for (Connection c : g.connections()) {
            boolean from = sel.contains(c.fromBlock());
            boolean to = sel.contains(c.toBlock());
            if (from && to) {
                innerWires.add(c);
            } else if (to) {
                String pad = inPads.computeIfAbsent(new End(c.toBlock(), c.toPort()), e -> padName("in", inPads.size()));
                outerWires.add(new Connection(c.fromBlock(), c.fromPort(), instance, pad));
            } else if (from) {
                String pad = outPads.computeIfAbsent(new End(c.fromBlock(), c.fromPort()),
                        e -> padName("out", outPads.size()));
                outerWires.add(new Connection(instance, pad, c.toBlock(), c.toPort()));
            } else {
                outerWires.add(c);
            }
        }
        int i = 0;
        for (Map.Entry<End, String> e : inPads.entrySet()) {
            BlockInstance target = g.block(e.getKey().block()).orElseThrow();
            inner.add(pad(e.getValue(), true, port(target, e.getKey().port(), true, catalog, values), catalog,
                    target, e.getKey().port(), 20, target.y() + dy + 10 * i++));
            innerWires.add(new Connection(e.getValue(), "out", e.getKey().block(), e.getKey().port()));
        }
        i = 0;
        for (Map.Entry<End, String> e : outPads.entrySet()) {
            BlockInstance source = g.block(e.getKey().block()).orElseThrow();
            inner.add(pad(e.getValue(), false, port(source, e.getKey().port(), false, catalog, values), catalog,
                    source, e.getKey().port(), maxX + dx + 260, source.y() + dy + 10 * i++));
            innerWires.add(new Connection(e.getKey().block(), e.getKey().port(), e.getValue(), "in"));
        }
        // parameters: every variable the selection uses, directly or through other variables
        Set<String> used = new LinkedHashSet<>();
        for (BlockInstance b : g.blocks()) {
            if (sel.contains(b.id())) {
                b.params().values().forEach(v -> collect(v, g.variables(), used));
            }
        }
        Map<String, String> innerVars = new LinkedHashMap<>();
        Map<String, String> instanceParams = new LinkedHashMap<>();
        int p = 0;
        for (String v : g.variables().keySet()) {
            if (!used.contains(v)) {
                continue;
            }
            innerVars.put(v, g.variables().get(v));
            instanceParams.put(v, v);
            Map<String, String> params = new LinkedHashMap<>();
            params.put("label", "'" + v + "'");
            params.put("type", paramType(values.get(v)));
            inner.add(new BlockInstance(v, HierPads.PARAM, params, BlockState.ENABLED, 20 + 150 * (p % 5),
                    -60 - 60 * (p / 5), 0, null));
            p++;
        }
        Graph innerGraph = new Graph(new Metadata(title, "Made from " + sel.size() + " block(s) with Make Hier Block",
                ""), innerVars, inner, innerWires, List.of());
        List<BlockInstance> outerBlocks = new ArrayList<>();
        boolean placed = false;
        for (BlockInstance b : g.blocks()) {
            if (!sel.contains(b.id())) {
                outerBlocks.add(b);
            } else if (!placed) {
                outerBlocks.add(new BlockInstance(instance, hierId, instanceParams, BlockState.ENABLED, minX, minY, 0,
                        null, b.host()));
                placed = true;
            }
        }
        Graph outer = new Graph(g.metadata(), g.variables(), outerBlocks, outerWires, g.views().stream()
                .filter(v -> v.block() == null || !sel.contains(v.block())).toList());
        return new Made(innerGraph, outer, instance);
    }

    private static String padName(String base, int index) {
        return index == 0 ? base : base + index;
    }

    private static void collect(String expr, Map<String, String> variables, Set<String> used) {
        for (String n : VariableRenaming.names(expr)) {
            if (variables.containsKey(n) && used.add(n)) {
                collect(variables.get(n), variables, used);
            }
        }
    }

    private static String paramType(Value v) {
        return switch (v) {
            // a whole number stays open to fractions (samp_rate = 32000); int params inside accept whole reals
            case Value.Int i -> "real";
            case Value.Real r -> "real";
            case Value.Complex c -> "complex";
            case Value.Bool b -> "bool";
            case Value.Str s -> "string";
            case Value.ListValue l -> l.items().stream().allMatch(x -> x instanceof Value.Int || x instanceof Value.Real)
                    ? "real_list" : "complex_list";
            case null, default -> "real";
        };
    }

    /** The resolved port of a block (dtype and vlen as the graph now has them), or null when it does not resolve. */
    private static ResolvedPort port(BlockInstance b, String name, boolean input, Catalog catalog,
                                     Map<String, Value> values) {
        return GraphValidator.resolveBlock(b, catalog, values).flatMap(r -> (input ? r.inputs() : r.outputs())
                .stream().filter(p -> p.name().equals(name)).findFirst()).orElse(null);
    }

    private static BlockInstance pad(String id, boolean input, ResolvedPort port, Catalog catalog, BlockInstance b,
                                     String portName, double x, double y) {
        BlockDef def = catalog.find(b.type()).orElse(null);
        boolean message = port == null && def != null && (input ? def.hasMessageInput(portName)
                : def.hasMessageOutput(portName));
        Map<String, String> params = new LinkedHashMap<>();
        if (message) {
            return new BlockInstance(id, input ? HierPads.MSG_PAD_IN : HierPads.MSG_PAD_OUT, params,
                    BlockState.ENABLED, x, y, 0, null);
        }
        params.put("type", port != null ? port.dtype().id() : "cf32");
        params.put("vlen", String.valueOf(port != null ? port.vlen() : 1));
        return new BlockInstance(id, input ? HierPads.PAD_IN : HierPads.PAD_OUT, params, BlockState.ENABLED, x, y, 0,
                null);
    }

    private static String uniqueId(Graph g, String wanted) {
        Set<String> ids = new HashSet<>();
        g.blocks().forEach(b -> ids.add(b.id()));
        String id = wanted;
        for (int n = 1; ids.contains(id); n++) {
            id = wanted.substring(0, wanted.length() - 1) + n;
        }
        return id;
    }
}
