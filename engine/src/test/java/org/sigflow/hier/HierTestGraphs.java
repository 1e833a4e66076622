package org.sigflow.hier;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.format.GraphWriter;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;

/** Builds small graphs for the hier block tests and saves them as {@code .graph} files. */
final class HierTestGraphs {
    private final Map<String, String> variables = new LinkedHashMap<>();
    private final List<BlockInstance> blocks = new ArrayList<>();
    private final List<Connection> connections = new ArrayList<>();
    private String title = "";

    HierTestGraphs title(String t) {
        title = t;
        return this;
    }

    HierTestGraphs variable(String name, String expr) {
        variables.put(name, expr);
        return this;
    }

    /** A block; {@code params} alternate id, value. */
    HierTestGraphs block(String id, String type, String... params) {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            p.put(params[i], params[i + 1]);
        }
        blocks.add(new BlockInstance(id, type, p, BlockState.ENABLED, 100 * blocks.size(), 50, 0, null));
        return this;
    }

    /** {@code "a:out", "b:in"}. */
    HierTestGraphs wire(String from, String to) {
        String[] f = from.split(":");
        String[] t = to.split(":");
        connections.add(new Connection(f[0], f[1], t[0], t[1]));
        return this;
    }

    Graph graph() {
        return new Graph(new Metadata(title, "", ""), variables, blocks, connections, List.of());
    }

    Path save(Path file) throws IOException {
        new GraphWriter().save(graph(), file);
        return file;
    }
}
