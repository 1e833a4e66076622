package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;

class GraphReaderTest {

    private final GraphReader reader = new GraphReader();

    private GraphFormatException fails(String text) {
        return assertThrows(GraphFormatException.class, () -> reader.read(text, "t.graph"));
    }

    private static FormatProblem only(GraphFormatException e) {
        assertEquals(1, e.problems().size(), e.getMessage());
        return e.problems().getFirst();
    }

    @Test
    void readsWhatTheWriterWrote() throws Exception {
        Graph g = TestGraphs.small();
        LoadedGraph loaded = reader.read(new GraphWriter().write(g), "t.graph");
        assertEquals(g, loaded.graph());
        assertEquals(List.of(), loaded.warnings());
    }

    @Test
    void optionalKeysTakeTheirDefaults() throws Exception {
        Graph g = reader.read("""
                {"format": "sigflow-graph", "version": 1, "blocks": [{"id": "a", "type": "null_sink"}]}
                """, "t").graph();
        var b = g.blocks().getFirst();
        assertEquals(BlockState.ENABLED, b.state());
        assertEquals(0, b.rotation());
        assertEquals(null, b.comment());
        assertEquals(List.of(), g.connections());
        assertEquals("", g.metadata().title());
    }

    @Test
    void refusesANewerVersionBeforeReadingAnythingElse() {
        FormatProblem p = only(fails("""
                {"format": "sigflow-graph", "version": 3, "blocks": 12, "whatever": {}}
                """));
        assertEquals("this file was saved by a newer SigFlow (format version 3); this version reads up to 1. "
                + "Open it with a newer SigFlow", p.message());
        assertEquals("$.version", p.path());
        assertEquals(1, p.line());
        assertEquals(40, p.column());
    }

    @Test
    void refusesOtherJson() {
        assertEquals("not a SigFlow graph file (\"format\" must be \"sigflow-graph\", and it is missing)",
                only(fails("{\"name\": \"x\"}")).message());
        assertEquals("not a SigFlow graph file (\"format\" must be \"sigflow-graph\", found text \"grc\")",
                only(fails("{\"format\": \"grc\", \"version\": 1}")).message());
        assertEquals("not a SigFlow graph file: it holds a list, not an object {…}", only(fails("[1, 2]")).message());
        assertEquals("the format version (\"version\") is missing",
                only(fails("{\"format\": \"sigflow-graph\", \"blocks\": []}")).message());
        assertEquals("format version 0 does not exist (versions start at 1)",
                only(fails("{\"format\": \"sigflow-graph\", \"version\": 0, \"blocks\": []}")).message());
    }

    @Test
    void malformedJsonIsLocatedAndExplained() {
        FormatProblem missingComma = only(fails("""
                {
                  "format": "sigflow-graph"
                  "version": 1
                }
                """));
        assertEquals(3, missingComma.line());
        assertEquals(3, missingComma.column());
        assertEquals("expected ',' or '}' after a value but found '\"' (a missing comma?)", missingComma.message());

        FormatProblem truncated = only(fails("{\n  \"format\": \"sigflow-graph\",\n  \"blocks\": [\n"));
        assertEquals("the file ends too early: a value, ']' or '}' is missing (is the file truncated?)",
                truncated.message());
        assertEquals(4, truncated.line());

        assertEquals("expected a value but found ']' (a comma before the closing bracket?)",
                only(fails("{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [1,]}")).message());
        assertEquals("'True' is not a JSON value (text needs double quotes; true, false and null are written in "
                + "lower case)", only(fails("{\"a\": True}")).message());
        assertEquals("comments are not allowed in a .graph file", only(fails("// hi\n{}")).message());
        assertEquals("unexpected text after the end of the graph object", only(fails("{} {}")).message());
        assertEquals("the file is empty", only(fails("   ")).message());
    }

    @Test
    void reportsEveryStructuralProblemAtOnce() {
        GraphFormatException e = fails("""
                {
                  "format": "sigflow-graph",
                  "version": 1,
                  "blocks": [
                    {"id": "a", "type": "x", "state": "paused", "rotation": 45},
                    {"id": "a", "type": "y", "params": {"freq": 1000}},
                    {"type": "z", "x": "left"}
                  ],
                  "connections": [{"fromBlock": "a", "fromPort": "out", "toBlock": "a"}]
                }
                """);
        List<String> shown = e.problems().stream().map(FormatProblem::toString).toList();
        assertEquals(List.of(
                "5:39 $.blocks[0].state: \"paused\" is not a block state (use enabled, disabled or bypassed)",
                "5:61 $.blocks[0].rotation: rotation 45 is not allowed (use 0, 90, 180 or 270)",
                "6:49 $.blocks[1].params.freq: param \"freq\" must be text in double quotes, found the number 1000 "
                        + "(write expressions as text, e.g. \"1000\")",
                "7:5 $.blocks[2]: the required key \"id\" is missing",
                "7:24 $.blocks[2].x: \"x\" must be a number, found text \"left\"",
                "6:12 $.blocks[1].id: there is already a block with the id \"a\"; ids must be unique",
                "9:19 $.connections[0]: the required key \"toPort\" is missing"), shown);
    }

    @Test
    void duplicateKeysAreErrors() {
        FormatProblem p = only(fails("""
                {"format": "sigflow-graph", "version": 1, "blocks": [], "blocks": []}
                """));
        assertEquals("$.blocks", p.path());
        assertEquals("the key \"blocks\" appears twice in the same object", p.message());
    }

    @Test
    void unknownKeysAreWarningsAndDropped() throws Exception {
        LoadedGraph g = reader.read("""
                {"format": "sigflow-graph", "version": 1, "color": "red",
                 "blocks": [{"id": "a", "type": "x", "size": 3}]}
                """, "t");
        assertEquals(List.of(
                "1:52 $.color: unknown key \"color\" in the graph is ignored (known keys: format, version, "
                        + "metadata, variables, blocks, connections, views)",
                "2:46 $.blocks[0].size: unknown key \"size\" in a block is ignored (known keys: id, type, params, "
                        + "state, x, y, rotation, comment, host)"),
                g.warnings().stream().map(FormatProblem::toString).toList());
        assertEquals(1, g.graph().blocks().size());
    }

    @Test
    void badNamesAreRejected() {
        GraphFormatException e = fails("""
                {"format": "sigflow-graph", "version": 1, "variables": {"samp rate": "1"},
                 "blocks": [{"id": "my block", "type": "x"}], "views": [{"id": "v", "kind": "scope", "width": 0,
                 "height": 1}]}
                """);
        assertEquals(List.of(
                "$.variables['samp rate']: the variable name \"samp rate\" must start with a letter or '_' and "
                        + "contain only letters, digits and '_'",
                "$.blocks[0].id: the block id \"my block\" must start with a letter or '_' and contain only letters, "
                        + "digits and '_'",
                "$.views[0].kind: \"scope\" is not a view kind (use waterfall, spectrum, constellation, time, timing, control, vector, histogram, eye, raster)",
                "$.views[0].width: \"width\" must be greater than 0"),
                e.problems().stream().map(p -> p.path() + ": " + p.message()).toList());
    }

    @Test
    void fileLevelProblemsNameTheFile(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("gone.graph");
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> reader.read(missing));
        assertEquals("Cannot open " + missing + ": the file does not exist", e.getMessage());

        e = assertThrows(GraphFormatException.class, () -> reader.read(dir));
        assertEquals("Cannot open " + dir + ": this is a folder, not a .graph file", e.getMessage());

        Path latin1 = dir.resolve("latin1.graph");
        Files.write(latin1, "{\n \"t\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        e = assertThrows(GraphFormatException.class, () -> reader.read(latin1));
        assertEquals("Cannot open " + latin1 + ":2:11: the file is not UTF-8 text (byte 0xE9 at offset 12); save it "
                + "as UTF-8", e.getMessage());

        Path big = dir.resolve("big.graph");
        try (var ch = Files.newByteChannel(big, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.SPARSE)) {
            ch.position(GraphFormat.MAX_FILE_BYTES);
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {' '}));
        }
        e = assertThrows(GraphFormatException.class, () -> reader.read(big));
        assertTrue(e.getMessage().endsWith("the file is larger than 32 MiB; a .graph file is normally a few KiB, so "
                + "this is probably not one"), e.getMessage());
    }

    @Test
    void deepNestingIsCapped() {
        String deep = "{\"format\": \"sigflow-graph\", \"version\": 1, \"blocks\": [], \"x\": " + "[".repeat(100)
                + "]".repeat(100) + "}";
        assertEquals("values are nested too deeply (more than 64 levels)", only(fails(deep)).message());
    }

    @Test
    void byteOrderMarkIsTolerated() throws Exception {
        byte[] text = new GraphWriter().writeBytes(Graph.EMPTY);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        assertEquals(Graph.EMPTY, reader.read(withBom, "t").graph());
    }
}
