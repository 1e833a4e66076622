package org.sigflow.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.graph.Graph;

/**
 * Reads {@code .graph} files. Either a whole {@link Graph} comes back or a {@link GraphFormatException} listing
 * every problem with its JSON path and line:column; a file is never half-read. Reading only parses data: nothing in
 * a file can name a Java type or run code, and sizes and nesting are capped.
 */
public final class GraphReader {

    private final Migrations migrations;

    /** A reader with this build's migrations. */
    public GraphReader() {
        this(Migrations.standard());
    }

    /** A reader with an explicit migration chain (tests). */
    public GraphReader(Migrations migrations) {
        this.migrations = migrations;
    }

    public LoadedGraph read(Path file) throws GraphFormatException {
        return read(FileText.read(file), file.toString());
    }

    /** Reads file contents; {@code sourceName} names the file in messages. */
    public LoadedGraph read(byte[] contents, String sourceName) throws GraphFormatException {
        return read(FileText.decode(contents, sourceName), sourceName);
    }

    /** Reads JSON text; {@code sourceName} names the file in messages. */
    public LoadedGraph read(String text, String sourceName) throws GraphFormatException {
        LocatedJson doc = LocatedJsonParser.parse(text, sourceName);
        if (!(doc.root() instanceof ObjectNode root)) {
            throw refuse(doc, sourceName, JsonPaths.ROOT, "not a SigFlow graph file: it holds "
                    + JsonKinds.describe(doc.root()) + ", not an object {…}");
        }
        int version = checkFormatAndVersion(root, doc, sourceName);
        ObjectNode current;
        try {
            current = migrations.upgrade(root, version);
        } catch (RuntimeException e) {
            // A migration meeting a tree it does not expect must not escape as anything but a format problem.
            throw refuse(doc, sourceName, JsonPaths.ROOT, "this file of format version " + version
                    + " cannot be upgraded: " + e.getMessage());
        }
        Problems problems = new Problems(doc);
        Graph graph = new GraphTreeReader(problems).read(current);
        if (!problems.errors.isEmpty()) {
            List<FormatProblem> all = new ArrayList<>(problems.errors);
            throw new GraphFormatException(sourceName, all);
        }
        return new LoadedGraph(graph, problems.warnings);
    }

    /** The gate before anything else is read: the right kind of file, of a version this build understands. */
    private int checkFormatAndVersion(ObjectNode root, LocatedJson doc, String source) throws GraphFormatException {
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual() || !format.textValue().equals(GraphFormat.FORMAT_ID)) {
            String path = format == null ? JsonPaths.ROOT : "$.format";
            throw refuse(doc, source, path, "not a SigFlow graph file (\"format\" must be \""
                    + GraphFormat.FORMAT_ID + "\"" + (format == null ? ", and it is missing)" : ", found "
                    + JsonKinds.describe(format) + ")"));
        }
        JsonNode version = root.get("version");
        if (version == null) {
            throw refuse(doc, source, JsonPaths.ROOT, "the format version (\"version\") is missing");
        }
        if (!JsonKinds.isWholeNumber(version)) {
            throw refuse(doc, source, "$.version", "the format version must be a whole number, found "
                    + JsonKinds.describe(version));
        }
        int v = (int) version.doubleValue();
        if (v > migrations.currentVersion()) {
            throw refuse(doc, source, "$.version", "this file was saved by a newer SigFlow (format version " + v
                    + "); this version reads up to " + migrations.currentVersion()
                    + ". Open it with a newer SigFlow");
        }
        if (v < 1) {
            throw refuse(doc, source, "$.version", "format version " + v + " does not exist (versions start at 1)");
        }
        return v;
    }

    private static GraphFormatException refuse(LocatedJson doc, String source, String path, String message) {
        return new GraphFormatException(source, List.of(doc.problem(path, message)));
    }
}
