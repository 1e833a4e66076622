package org.sigflow.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;

/** The engine facade on the real catalog: domain rules, memory nodes, runtime parameter changes. */
class EngineTest {
    private static Engine engine;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        engine = Engine.loadDefault();
    }

    private Path graph(String blocks, String connections) throws Exception {
        Path f = tmp.resolve("g.graph");
        Files.writeString(f, """
                {"format": "sigflow-graph", "version": 1, "variables": {"gain": "2"},
                 "blocks": [%s], "connections": [%s]}
                """.formatted(blocks, connections));
        return f;
    }

    private static String block(String id, String type, String params) {
        return "{\"id\": \"" + id + "\", \"type\": \"" + type + "\", \"params\": {" + params + "}}";
    }

    private static String edge(String from, String to) {
        return "{\"fromBlock\": \"" + from + "\", \"fromPort\": \"out\", \"toBlock\": \"" + to + "\", \"toPort\": \"in\"}";
    }

    @Test
    void aGpuPortWiredStraightToACpuPortAsksForAMemoryNode() throws Exception {
        Path f = graph(String.join(",", block("src", "null_source", ""), block("h2d", "memory_h2d", ""),
                block("sink", "null_sink", "")), String.join(",", edge("src", "h2d"), edge("h2d", "sink")));
        InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> engine.open(f, Map.of()));
        assertEquals(1, e.problems().size(), e.problems().toString());
        assertTrue(e.problems().get(0).contains("insert a Memory GPGPU→CPU node"), e.problems().get(0));
    }

    @Test
    void memoryNodesPassSamplesThroughUntilTheCudaEngineLands() throws Exception {
        Path f = graph(String.join(",",
                block("src", "vector_source", "\"vector\": \"[1+2j, 3-4j, 5j]\", \"repeat\": \"false\""),
                block("h2d", "memory_h2d", ""), block("d2h", "memory_d2h", ""), block("sink", "vector_sink", "")),
                String.join(",", edge("src", "h2d"), edge("h2d", "d2h"), edge("d2h", "sink")));
        OpenedGraph g = engine.open(f, Map.of());
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            assertEquals(RunOutcome.Kind.COMPLETED, run.await().kind());
            float[] got = ((VectorSink.Collector) run.block("sink")).floats();
            assertEquals(java.util.List.of(1f, 2f, 3f, -4f, 0f, 5f), toList(got));
        }
    }

    @Test
    void runtimeParameterChangesAreEvaluatedCheckedAndApplied() throws Exception {
        Path f = graph(String.join(",", block("src", "null_source", ""),
                block("scale", "multiply_const", "\"const\": \"gain\""), block("sink", "null_sink", "")),
                String.join(",", edge("src", "scale"), edge("scale", "sink")));
        OpenedGraph g = engine.open(f, Map.of());
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            engine.changeParam(g, run, "scale", "const", "gain * 1j").get(); // variables are in scope
            ExecutionException bad = assertThrows(ExecutionException.class,
                    () -> engine.changeParam(g, run, "scale", "const", "gain *").get());
            assertTrue(bad.getCause().getMessage().contains("const"), bad.getCause().getMessage());
            ExecutionException fixed = assertThrows(ExecutionException.class,
                    () -> engine.changeParam(g, run, "scale", "vlen", "2").get());
            assertTrue(fixed.getCause().getMessage().contains("cannot change while the graph runs"),
                    fixed.getCause().getMessage());
            assertTrue(run.isRunning(), "a refused change leaves the graph running");
            run.stop();
            assertEquals(RunOutcome.Kind.STOPPED, run.await(Duration.ofSeconds(2)).orElseThrow().kind());
        }
    }

    private static java.util.List<Float> toList(float[] a) {
        java.util.List<Float> l = new java.util.ArrayList<>();
        for (float v : a) {
            l.add(v);
        }
        return l;
    }
}
