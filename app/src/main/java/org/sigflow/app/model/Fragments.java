package org.sigflow.app.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.sigflow.expr.Expression;
import org.sigflow.expr.ExpressionException;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;

/**
 * Copy and paste: a selection becomes a small graph of its own (its blocks and the connections between them), held
 * on the clipboard as {@code .graph} text, so blocks can move between windows and files.
 */
public final class Fragments {
    private Fragments() {}

    /**
     * The blocks {@code ids} of {@code g}, the connections among them, and the variables their params use (with the
     * variables those use), so the blocks still evaluate when pasted into another graph.
     */
    public static Graph cut(Graph g, Collection<String> ids) {
        Set<String> keep = Set.copyOf(ids);
        List<BlockInstance> blocks = g.blocks().stream().filter(b -> keep.contains(b.id())).toList();
        return new Graph(Metadata.EMPTY, usedVariables(g.variables(), blocks), blocks,
                g.connections().stream().filter(c -> keep.contains(c.fromBlock()) && keep.contains(c.toBlock()))
                        .toList(), List.of());
    }

    /** The variables (in the graph's order) that the blocks' params reference, directly or through other variables. */
    private static Map<String, String> usedVariables(Map<String, String> variables, List<BlockInstance> blocks) {
        Set<String> used = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        blocks.forEach(b -> b.params().values().forEach(text -> todo.addAll(references(text))));
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (variables.containsKey(name) && used.add(name)) {
                todo.addAll(references(variables.get(name)));
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        variables.forEach((k, v) -> {
            if (used.contains(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    private static Set<String> references(String text) {
        try {
            return Expression.parse(text).references();
        } catch (ExpressionException | RuntimeException e) {
            return Set.of(); // a bad expression uses nothing we can bring along
        }
    }

    /**
     * Adds a fragment's blocks shifted by (dx, dy); a block whose id is taken gets a fresh one, and its connections
     * follow it. {@code pastedIds} receives the ids the blocks got, in fragment order.
     */
    public static UnaryOperator<Graph> paste(Graph fragment, double dx, double dy, List<String> pastedIds) {
        return g -> {
            pastedIds.clear();
            Map<String, String> ids = new HashMap<>();
            Graph out = g;
            for (BlockInstance b : fragment.blocks()) {
                String id = out.block(b.id()).isPresent() ? GraphEdits.newId(out, b.type()) : b.id();
                ids.put(b.id(), id);
                pastedIds.add(id);
                out = out.withBlock(b.withId(id).withPosition(b.x() + dx, b.y() + dy));
            }
            for (Map.Entry<String, String> v : fragment.variables().entrySet()) {
                if (!out.variables().containsKey(v.getKey())) { // the target's own definition wins
                    out = out.withVariable(v.getKey(), v.getValue());
                }
            }
            List<Connection> cs = new ArrayList<>(out.connections());
            for (Connection c : fragment.connections()) {
                if (ids.containsKey(c.fromBlock()) && ids.containsKey(c.toBlock())) {
                    cs.add(new Connection(ids.get(c.fromBlock()), c.fromPort(), ids.get(c.toBlock()), c.toPort()));
                }
            }
            return out.withConnections(cs);
        };
    }
}
