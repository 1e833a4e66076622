package org.sigflow.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A flowgraph as the user drew it: nothing evaluated, nothing checked against the catalog (that is
 * {@code org.sigflow.validate}). Immutable; every edit returns a new graph, so the designer's commands can keep the
 * old one for undo.
 *
 * @param variables variable name → expression text, in the user's order
 */
public record Graph(Metadata metadata, Map<String, String> variables, List<BlockInstance> blocks,
                   List<Connection> connections, List<ViewLayout> views) {

    public static final Graph EMPTY = new Graph(Metadata.EMPTY, Map.of(), List.of(), List.of(), List.of());

    public Graph {
        Objects.requireNonNull(metadata, "metadata");
        variables = OrderedMaps.copy(variables, "variables");
        blocks = List.copyOf(blocks);
        connections = List.copyOf(connections);
        views = List.copyOf(views);
    }

    public Optional<BlockInstance> block(String id) {
        return blocks.stream().filter(b -> b.id().equals(id)).findFirst();
    }

    public Graph withMetadata(Metadata metadata) {
        return new Graph(metadata, variables, blocks, connections, views);
    }

    public Graph withVariables(Map<String, String> variables) {
        return new Graph(metadata, variables, blocks, connections, views);
    }

    /** Sets one variable, keeping its place in the order (new variables go last). */
    public Graph withVariable(String name, String expression) {
        Map<String, String> v = new LinkedHashMap<>(variables);
        v.put(name, Objects.requireNonNull(expression, "expression"));
        return withVariables(v);
    }

    public Graph withoutVariable(String name) {
        Map<String, String> v = new LinkedHashMap<>(variables);
        v.remove(name);
        return withVariables(v);
    }

    public Graph withBlocks(List<BlockInstance> blocks) {
        return new Graph(metadata, variables, blocks, connections, views);
    }

    public Graph withBlock(BlockInstance block) {
        List<BlockInstance> b = new ArrayList<>(blocks);
        b.add(block);
        return withBlocks(b);
    }

    /** Replaces the block with the given id through {@code edit}; unchanged if there is none. */
    public Graph withBlockEdited(String id, UnaryOperator<BlockInstance> edit) {
        return withBlocks(blocks.stream().map(b -> b.id().equals(id) ? edit.apply(b) : b).toList());
    }

    /** Removes a block together with its connections. */
    public Graph withoutBlock(String id) {
        return new Graph(metadata, variables, blocks.stream().filter(b -> !b.id().equals(id)).toList(),
                connections.stream().filter(c -> !c.touches(id)).toList(), views);
    }

    public Graph withConnections(List<Connection> connections) {
        return new Graph(metadata, variables, blocks, connections, views);
    }

    public Graph withConnection(Connection connection) {
        List<Connection> c = new ArrayList<>(connections);
        c.add(connection);
        return withConnections(c);
    }

    public Graph withoutConnection(Connection connection) {
        return withConnections(connections.stream().filter(c -> !c.equals(connection)).toList());
    }

    public Graph withViews(List<ViewLayout> views) {
        return new Graph(metadata, variables, blocks, connections, views);
    }
}
