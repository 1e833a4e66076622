package org.sigflow.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.Metadata;
import org.sigflow.graph.ViewLayout;

/**
 * Reads the current-version JSON tree into the model, collecting every problem. The result is only meaningful
 * when no errors were recorded; the caller checks.
 */
final class GraphTreeReader {

    static final List<String> ROOT_KEYS =
            List.of("format", "version", "metadata", "variables", "blocks", "connections", "views");
    static final List<String> METADATA_KEYS = List.of("title", "description", "author");
    static final List<String> BLOCK_KEYS = List.of("id", "type", "params", "state", "x", "y", "rotation", "comment",
            "host");
    static final List<String> CONNECTION_KEYS = List.of("fromBlock", "fromPort", "toBlock", "toPort");
    static final List<String> VIEW_KEYS = List.of("id", "kind", "block", "x", "y", "width", "height", "options");

    private final Problems problems;

    GraphTreeReader(Problems problems) {
        this.problems = problems;
    }

    Graph read(ObjectNode root) {
        ObjectFields f = ObjectFields.of(root, JsonPaths.ROOT, problems, "the graph", ROOT_KEYS);
        Metadata metadata = f.has("metadata") ? metadata(f.get("metadata"), f.path("metadata")) : Metadata.EMPTY;
        Map<String, String> variables = f.stringMap("variables", "variable");
        variables.keySet().stream().filter(n -> !Identifiers.isIdentifier(n)).forEach(n ->
                problems.error(JsonPaths.key(f.path("variables"), n), Identifiers.rule("the variable name", n)));
        List<BlockInstance> blocks = list(f.array("blocks", true), f.path("blocks"), this::block);
        checkUniqueIds(f.array("blocks", true), f.path("blocks"), "block");
        List<Connection> connections = list(f.array("connections", false), f.path("connections"), this::connection);
        List<ViewLayout> views = list(f.array("views", false), f.path("views"), this::view);
        checkUniqueIds(f.array("views", false), f.path("views"), "view");
        if (!problems.errors.isEmpty()) {
            return null;
        }
        return new Graph(metadata, variables, blocks, connections, views);
    }

    private Metadata metadata(JsonNode node, String path) {
        ObjectFields f = ObjectFields.of(node, path, problems, "metadata", METADATA_KEYS);
        if (f == null) {
            return Metadata.EMPTY;
        }
        return new Metadata(f.string("title", false, ""), f.string("description", false, ""),
                f.string("author", false, ""));
    }

    private BlockInstance block(JsonNode node, String path) {
        ObjectFields f = ObjectFields.of(node, path, problems, "a block", BLOCK_KEYS);
        if (f == null) {
            return null;
        }
        String id = f.string("id", true, null);
        if (id != null && !Identifiers.isIdentifier(id)) {
            problems.error(f.path("id"), Identifiers.rule("the block id", id));
        }
        String type = f.string("type", true, null);
        if (type != null && type.isBlank()) {
            problems.error(f.path("type"), "the block type must not be empty");
        }
        Map<String, String> params = f.stringMap("params", "param");
        String stateText = f.string("state", false, BlockState.ENABLED.id());
        BlockState state = BlockState.fromId(stateText);
        if (state == null) {
            problems.error(f.path("state"), "\"" + stateText + "\" is not a block state (use enabled, disabled or "
                    + "bypassed)");
        }
        double x = f.number("x", false, 0);
        double y = f.number("y", false, 0);
        int rotation = f.integer("rotation", false, 0);
        if (!BlockInstance.isValidRotation(rotation)) {
            problems.error(f.path("rotation"), "rotation " + rotation + " is not allowed (use 0, 90, 180 or 270)");
        }
        String comment = f.string("comment", false, null);
        String host = f.string("host", false, null);
        if (host != null && !BlockInstance.isValidHost(host)) {
            problems.error(f.path("host"), BlockInstance.hostRule(host));
        }
        if (id == null || type == null || state == null || !BlockInstance.isValidRotation(rotation)
                || !problems.errors.isEmpty()) {
            return null; // the whole read fails anyway; do not build a half-valid record
        }
        return new BlockInstance(id, type, params, state, x, y, rotation, comment, host);
    }

    private Connection connection(JsonNode node, String path) {
        ObjectFields f = ObjectFields.of(node, path, problems, "a connection", CONNECTION_KEYS);
        if (f == null) {
            return null;
        }
        String fromBlock = f.string("fromBlock", true, null);
        String fromPort = f.string("fromPort", true, null);
        String toBlock = f.string("toBlock", true, null);
        String toPort = f.string("toPort", true, null);
        if (fromBlock == null || fromPort == null || toBlock == null || toPort == null) {
            return null;
        }
        return new Connection(fromBlock, fromPort, toBlock, toPort);
    }

    private ViewLayout view(JsonNode node, String path) {
        ObjectFields f = ObjectFields.of(node, path, problems, "a view", VIEW_KEYS);
        if (f == null) {
            return null;
        }
        String id = f.string("id", true, null);
        String kind = f.string("kind", true, null);
        if (kind != null && !ViewLayout.KINDS.contains(kind)) {
            problems.error(f.path("kind"), "\"" + kind + "\" is not a view kind (use " + String.join(", ",
                    ViewLayout.KINDS) + ")");
            kind = null;
        }
        String block = f.string("block", false, null);
        double x = f.number("x", false, 0);
        double y = f.number("y", false, 0);
        double width = f.number("width", true, 1);
        double height = f.number("height", true, 1);
        for (String key : List.of("width", "height")) {
            if (f.get(key) != null && f.get(key).isNumber() && !(f.get(key).doubleValue() > 0)) {
                problems.error(f.path(key), "\"" + key + "\" must be greater than 0");
            }
        }
        Map<String, String> options = f.stringMap("options", "view option");
        if (id == null || kind == null || !(width > 0) || !(height > 0)) {
            return null;
        }
        return new ViewLayout(id, kind, block, x, y, width, height, options);
    }

    private interface ElementReader<T> {
        T read(JsonNode node, String path);
    }

    private <T> List<T> list(ArrayNode array, String path, ElementReader<T> reader) {
        List<T> out = new ArrayList<>();
        if (array == null) {
            return out;
        }
        for (int i = 0; i < array.size(); i++) {
            T t = reader.read(array.get(i), JsonPaths.index(path, i));
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    private void checkUniqueIds(ArrayNode array, String path, String what) {
        if (array == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            JsonNode id = array.get(i).get("id");
            if (id != null && id.isTextual() && !seen.add(id.textValue())) {
                problems.error(JsonPaths.key(JsonPaths.index(path, i), "id"), "there is already a " + what
                        + " with the id \"" + id.textValue() + "\"; ids must be unique");
            }
        }
    }
}
