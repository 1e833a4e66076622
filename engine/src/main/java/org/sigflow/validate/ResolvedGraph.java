package org.sigflow.validate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sigflow.expr.Value;
import org.sigflow.graph.Graph;

/**
 * A validated graph, as the engine runs it: disabled blocks left out, bypassed blocks removed and their edges
 * joined, every value evaluated.
 *
 * @param variables the evaluated graph variables (with overrides applied)
 * @param blocks    enabled blocks in topological order (every edge goes from an earlier to a later block)
 * @param messageEdges asynchronous message edges (outside the topological order)
 */
public record ResolvedGraph(Graph source, Map<String, Value> variables, List<ResolvedBlock> blocks,
                            List<ResolvedEdge> edges, List<ResolvedMessageEdge> messageEdges) {

    /** A graph without message edges. */
    public ResolvedGraph(Graph source, Map<String, Value> variables, List<ResolvedBlock> blocks,
                         List<ResolvedEdge> edges) {
        this(source, variables, blocks, edges, List.of());
    }

    public ResolvedGraph {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        blocks = List.copyOf(blocks);
        edges = List.copyOf(edges);
        messageEdges = List.copyOf(messageEdges);
    }

    public Optional<ResolvedBlock> block(String id) {
        return blocks.stream().filter(b -> b.id().equals(id)).findFirst();
    }
}
