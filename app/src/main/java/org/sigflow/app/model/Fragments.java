package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
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

    /** The blocks {@code ids} of {@code g} and the connections among them. */
    public static Graph cut(Graph g, Collection<String> ids) {
        Set<String> keep = Set.copyOf(ids);
        return new Graph(Metadata.EMPTY, Map.of(), g.blocks().stream().filter(b -> keep.contains(b.id())).toList(),
                g.connections().stream().filter(c -> keep.contains(c.fromBlock()) && keep.contains(c.toBlock()))
                        .toList(), List.of());
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
