package org.sigflow.blocks.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * complex_to_float with its optional {@code im} output left unconnected validates and runs to the end; {@code re}
 * carries the real parts (a constant 0.75 + 2j source: 0.75 exactly).
 */
class ComplexToFloatRunTest {
    @TempDir
    Path dir;

    @Test
    void runsWithTheImaginaryOutputUnconnected() throws Exception {
        Engine engine = Engine.loadDefault();
        Graph g = Graph.EMPTY
                .withBlock(BlockInstance.of("src", "vector_source").withParam("type", "cf32")
                        .withParam("vector", "[0.75 + 2j]").withParam("repeat", "true"))
                .withBlock(BlockInstance.of("head", "head").withParam("type", "cf32").withParam("num_items", "5000"))
                .withBlock(BlockInstance.of("c2f", "complex_to_float"))
                .withBlock(BlockInstance.of("snk", "vector_sink").withParam("type", "f32"))
                .withConnection(new Connection("src", "out", "head", "in"))
                .withConnection(new Connection("head", "out", "c2f", "in"))
                .withConnection(new Connection("c2f", "re", "snk", "in"));
        try (RunningGraph run = engine.start(engine.open(g, dir.resolve("c2f.graph"), Map.of()), RunOptions.DEFAULT)) {
            RunOutcome end = run.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("did not end"));
            assertTrue(end.ok(), String.valueOf(end.failure()));
            float[] re = ((VectorSink.Collector) run.block("snk")).floats();
            assertEquals(5000, re.length);
            for (float v : re) {
                assertEquals(0.75f, v);
            }
        }
    }
}
