package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;

/** A block's optional host (the part of a split graph it runs in): read, written byte-stable, checked, in the schema. */
class HostAttributeTest {
    private static final String WITH_HOST = """
            {
              "format": "sigflow-graph",
              "version": 1,
              "blocks": [
                {
                  "id": "fir",
                  "type": "fir_filter",
                  "params": {},
                  "state": "enabled",
                  "x": 0,
                  "y": 0,
                  "rotation": 0,
                  "host": "gpu-server.lan"
                },
                {
                  "id": "snk",
                  "type": "null_sink",
                  "params": {},
                  "state": "enabled",
                  "x": 0,
                  "y": 0,
                  "rotation": 0
                }
              ],
              "connections": [],
              "views": []
            }
            """;

    @Test
    void hostIsReadAndWrittenBackByteForByte() throws Exception {
        Graph g = new GraphReader().read(WITH_HOST, "t.graph").graph();
        assertEquals("gpu-server.lan", g.block("fir").orElseThrow().host());
        assertNull(g.block("snk").orElseThrow().host());
        String written = new GraphWriter().write(g);
        assertTrue(written.contains("\"rotation\": 0,\n      \"host\": \"gpu-server.lan\"\n"), written);
        assertEquals(written, new GraphWriter().write(new GraphReader().read(written, "t.graph").graph()));
        assertEquals(Set.of(), GraphSchemaTest.schemaErrors(written));
        assertFalse(new GraphWriter().write(g.withBlockEdited("fir", b -> b.withHost(null)))
                .contains("\"host\""));
    }

    @Test
    void aHostThatIsNoHostNameIsAnErrorInReaderAndSchema() throws Exception {
        String bad = WITH_HOST.replace("gpu-server.lan", "gpu server");
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> new GraphReader().read(bad, "t.graph"));
        assertTrue(e.problems().toString().contains("host \"gpu server\" must be a host name or address"),
                e.problems().toString());
        assertFalse(GraphSchemaTest.schemaErrors(bad).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> BlockInstance.of("a", "b").withHost("a b"));
    }
}
