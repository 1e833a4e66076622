package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.ParamDef;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;

/** The designer's edit commands as graph transformations, applied through {@link GraphDocument#apply}. */
public final class GraphEdits {
    private GraphEdits() {}

    /** A fresh instance id for a block type: {@code fir_filter_0}, {@code fir_filter_1}, … */
    public static String newId(Graph g, String type) {
        for (int n = 0; ; n++) {
            String id = type + "_" + n;
            if (g.block(id).isEmpty()) {
                return id;
            }
        }
    }

    /** Adds a block of {@code def} with every param at its catalog default, written out as GRC does. */
    public static UnaryOperator<Graph> addBlock(BlockDef def, String id, double x, double y) {
        Map<String, String> params = new LinkedHashMap<>();
        for (ParamDef p : def.params()) {
            params.put(p.id(), p.defaultValue());
        }
        BlockInstance b = new BlockInstance(id, def.id(), params, BlockState.ENABLED, x, y, 0, null);
        return g -> g.withBlock(b);
    }

    public static UnaryOperator<Graph> moveTo(Map<String, double[]> positions) {
        return g -> g.withBlocks(g.blocks().stream().map(b -> {
            double[] p = positions.get(b.id());
            return p == null ? b : b.withPosition(p[0], p[1]);
        }).toList());
    }

    public static UnaryOperator<Graph> delete(Collection<String> blockIds, Collection<Connection> connections) {
        return g -> {
            Graph out = g;
            for (Connection c : connections) {
                out = out.withoutConnection(c);
            }
            for (String id : blockIds) {
                out = out.withoutBlock(id);
            }
            return out;
        };
    }

    /** Turns blocks a quarter clockwise. */
    public static UnaryOperator<Graph> rotate(Collection<String> blockIds) {
        Set<String> ids = Set.copyOf(blockIds);
        return g -> g.withBlocks(g.blocks().stream()
                .map(b -> ids.contains(b.id()) ? b.withRotation((b.rotation() + 90) % 360) : b).toList());
    }

    public static UnaryOperator<Graph> setState(Collection<String> blockIds, BlockState state) {
        Set<String> ids = Set.copyOf(blockIds);
        return g -> g.withBlocks(g.blocks().stream().map(b -> ids.contains(b.id()) ? b.withState(state) : b)
                .toList());
    }

    public static UnaryOperator<Graph> setParam(String blockId, String paramId, String value) {
        return g -> g.withBlockEdited(blockId, b -> b.withParam(paramId, value));
    }

    public static UnaryOperator<Graph> setComment(String blockId, String comment) {
        return g -> g.withBlockEdited(blockId, b -> b.withComment(comment == null || comment.isBlank() ? null
                : comment));
    }

    /**
     * Marks blocks as running on another host (the part of a split graph, see docs/zeromq.md); a blank host puts
     * them back in the local part.
     */
    public static UnaryOperator<Graph> setHost(java.util.Collection<String> ids, String host) {
        String h = host == null || host.isBlank() ? null : host.strip();
        return g -> g.withBlocks(g.blocks().stream().map(b -> ids.contains(b.id()) ? b.withHost(h) : b).toList());
    }

    /** Renames a block instance, keeping its connections and views attached. */
    public static UnaryOperator<Graph> rename(String oldId, String newId) {
        return g -> {
            Graph out = g.withBlockEdited(oldId, b -> b.withId(newId));
            List<Connection> cs = new ArrayList<>();
            for (Connection c : out.connections()) {
                Connection d = c.fromBlock().equals(oldId) ? c.withFrom(newId, c.fromPort()) : c;
                cs.add(d.toBlock().equals(oldId) ? d.withTo(newId, d.toPort()) : d);
            }
            return out.withConnections(cs).withViews(out.views().stream()
                    .map(v -> oldId.equals(v.block()) ? v.withBlock(newId) : v).toList());
        };
    }

    public static UnaryOperator<Graph> connect(Connection c) {
        return g -> g.connections().contains(c) ? g : g.withConnection(c);
    }

    public static UnaryOperator<Graph> setVariable(String name, String expression) {
        return g -> g.withVariable(name, expression);
    }

    public static UnaryOperator<Graph> removeVariable(String name) {
        return g -> g.withoutVariable(name);
    }
}
