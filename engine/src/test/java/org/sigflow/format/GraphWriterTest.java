package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.graph.Graph;

class GraphWriterTest {

    private static final String SMALL = """
            {
              "format": "sigflow-graph",
              "version": 1,
              "metadata": {
                "title": "Tone",
                "description": "A tone into a sink",
                "author": "Ada"
              },
              "variables": {
                "samp_rate": "32e3",
                "freq": "samp_rate / 8"
              },
              "blocks": [
                {
                  "id": "src",
                  "type": "sig_source",
                  "params": {
                    "type": "cf32",
                    "freq": "freq"
                  },
                  "state": "enabled",
                  "x": 10,
                  "y": 20.5,
                  "rotation": 0
                },
                {
                  "id": "snk",
                  "type": "null_sink",
                  "params": {},
                  "state": "bypassed",
                  "x": 300,
                  "y": 20,
                  "rotation": 90,
                  "comment": "ends here"
                }
              ],
              "connections": [
                {
                  "fromBlock": "src",
                  "fromPort": "out",
                  "toBlock": "snk",
                  "toPort": "in"
                }
              ],
              "views": [
                {
                  "id": "v1",
                  "kind": "spectrum",
                  "block": "snk",
                  "x": 0,
                  "y": 0,
                  "width": 640,
                  "height": 480.25,
                  "options": {
                    "averaging": "0.2"
                  }
                }
              ]
            }
            """;

    private final GraphWriter writer = new GraphWriter();

    @Test
    void writesTheDocumentedLayout() {
        assertEquals(SMALL, writer.write(TestGraphs.small()));
    }

    @Test
    void emptyGraphHasEmptyContainers() {
        assertEquals("""
                {
                  "format": "sigflow-graph",
                  "version": 1,
                  "metadata": {
                    "title": "",
                    "description": "",
                    "author": ""
                  },
                  "variables": {},
                  "blocks": [],
                  "connections": [],
                  "views": []
                }
                """, writer.write(Graph.EMPTY));
    }

    @Test
    void numbersAreWrittenPlainly() {
        assertEquals("0.00001", PrettyJson.number(1e-5));
        assertEquals("-3", PrettyJson.number(-3.0));
        assertEquals("0", PrettyJson.number(-0.0));
        assertEquals("1000000000000000", PrettyJson.number(1e15));
        assertEquals("0.1", PrettyJson.number(0.1));
        assertEquals("123.456", PrettyJson.number(123.456));
    }

    @Test
    void escapesControlCharactersAndKeepsUnicode() throws Exception {
        Graph g = Graph.EMPTY.withMetadata(Graph.EMPTY.metadata().withTitle("a\"b\\c\nd\u0001 é 📡"));
        String text = writer.write(g);
        assertEquals(true, text.contains("\"title\": \"a\\\"b\\\\c\\nd\\u0001 é 📡\""), text);
        assertEquals(g, new GraphReader().read(text, "t").graph());
    }

    @Test
    void saveIsAtomicAndByteIdentical(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tone.graph");
        writer.save(TestGraphs.small(), f);
        byte[] first = Files.readAllBytes(f);
        writer.save(new GraphReader().read(f).graph(), f);
        assertArrayEquals(first, Files.readAllBytes(f));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file is left behind");
        }
    }
}
