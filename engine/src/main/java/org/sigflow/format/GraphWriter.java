package org.sigflow.format;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

/**
 * Writes {@code .graph} files in the one stable layout (see {@code docs/graph-format.md}): keys in a fixed order,
 * user-ordered maps (variables, params, options) in their order, so the same graph always gives the same bytes.
 */
public final class GraphWriter {

    /** The file text (ends with a newline). */
    public String write(Graph graph) {
        PrettyJson json = new PrettyJson().beginObject()
                .field("format", GraphFormat.FORMAT_ID)
                .field("version", GraphFormat.CURRENT_VERSION);
        json.key("metadata").beginObject()
                .field("title", graph.metadata().title())
                .field("description", graph.metadata().description())
                .field("author", graph.metadata().author())
                .endObject();
        json.field("variables", graph.variables());
        json.key("blocks").beginArray();
        graph.blocks().forEach(b -> block(json.element(), b));
        json.endArray();
        json.key("connections").beginArray();
        graph.connections().forEach(c -> connection(json.element(), c));
        json.endArray();
        json.key("views").beginArray();
        graph.views().forEach(v -> view(json.element(), v));
        json.endArray();
        return json.endObject().finish();
    }

    /** The file contents as UTF-8. */
    public byte[] writeBytes(Graph graph) {
        return write(graph).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Saves to {@code file} through a temporary file in the same folder, flushed to disk, and a rename, so a crash
     * mid-save never leaves a truncated graph behind. The saved file keeps an existing file's permissions (a new one
     * gets the umask's), a symbolic link is written through (the link stays, its target changes), and a read-only
     * file is refused with a message saying so rather than replaced.
     */
    public void save(Graph graph, Path file) throws IOException {
        Path target = SafeSave.resolveLinks(file.toAbsolutePath());
        SafeSave.write(target, writeBytes(graph));
    }

    private static void block(PrettyJson json, BlockInstance b) {
        json.beginObject()
                .field("id", b.id())
                .field("type", b.type())
                .field("params", b.params())
                .field("state", b.state().id())
                .field("x", b.x())
                .field("y", b.y())
                .field("rotation", b.rotation());
        if (b.comment() != null) {
            json.field("comment", b.comment());
        }
        if (b.host() != null) {
            json.field("host", b.host());
        }
        json.endObject();
    }

    private static void connection(PrettyJson json, Connection c) {
        json.beginObject()
                .field("fromBlock", c.fromBlock())
                .field("fromPort", c.fromPort())
                .field("toBlock", c.toBlock())
                .field("toPort", c.toPort())
                .endObject();
    }

    private static void view(PrettyJson json, ViewLayout v) {
        json.beginObject()
                .field("id", v.id())
                .field("kind", v.kind());
        if (v.block() != null) {
            json.field("block", v.block());
        }
        json.field("x", v.x())
                .field("y", v.y())
                .field("width", v.width())
                .field("height", v.height())
                .field("options", v.options())
                .endObject();
    }
}
