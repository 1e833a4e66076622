package org.sigflow.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.sigflow.graph.Graph;

class GraphRoundTripProperties {

    private final GraphWriter writer = new GraphWriter();
    private final GraphReader reader = new GraphReader();

    @Provide
    Arbitrary<Graph> graphs() {
        return GraphArbitraries.graphs();
    }

    @Property(tries = 100)
    void writingTwiceIsByteIdentical(@ForAll("graphs") Graph graph) {
        assertArrayEquals(writer.writeBytes(graph), writer.writeBytes(graph));
    }

    @Property(tries = 100)
    void loadThenSaveIsByteIdentical(@ForAll("graphs") Graph graph) throws GraphFormatException {
        byte[] saved = writer.writeBytes(graph);
        LoadedGraph loaded = reader.read(saved, "random.graph");
        assertEquals(graph, loaded.graph());
        assertEquals(0, loaded.warnings().size());
        assertArrayEquals(saved, writer.writeBytes(loaded.graph()));
    }
}
