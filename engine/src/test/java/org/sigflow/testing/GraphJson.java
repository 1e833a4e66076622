package org.sigflow.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes small {@code .graph} files for tests: blocks with their params, a chain of connections "in"→"out". */
public final class GraphJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ObjectNode root = JSON.createObjectNode();
    private final ArrayNode blocks;
    private final ArrayNode connections;
    private final ObjectNode variables;

    public GraphJson() {
        root.put("format", "sigflow-graph").put("version", 1);
        root.putObject("metadata").put("title", "t").put("description", "").put("author", "");
        variables = root.putObject("variables");
        blocks = root.putArray("blocks");
        connections = root.putArray("connections");
        root.putArray("views");
    }

    public GraphJson variable(String name, String expression) {
        variables.put(name, expression);
        return this;
    }

    /** A block; params are expressions (strings are quoted by the caller: {@code "'x.f32'"}). */
    public GraphJson block(String id, String type, Map<String, String> params) {
        ObjectNode b = blocks.addObject().put("id", id).put("type", type);
        ObjectNode p = b.putObject("params");
        params.forEach(p::put);
        b.put("state", "enabled").put("x", 0).put("y", 0).put("rotation", 0);
        return this;
    }

    /** Connects the blocks in order, each "out" to the next one's "in". */
    public GraphJson chain(String... ids) {
        for (int i = 0; i + 1 < ids.length; i++) {
            connect(ids[i], "out", ids[i + 1], "in");
        }
        return this;
    }

    public GraphJson connect(String from, String fromPort, String to, String toPort) {
        connections.addObject().put("fromBlock", from).put("fromPort", fromPort).put("toBlock", to)
                .put("toPort", toPort);
        return this;
    }

    public Path write(Path file) throws IOException {
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        return file;
    }
}
