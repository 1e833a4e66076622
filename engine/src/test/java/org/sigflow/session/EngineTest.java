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

    @Test
    void changingAVariableWhileRunningUpdatesEveryDependentRuntimeParameter() throws Exception {
        Path f = graph(String.join(",",
                block("src", "vector_source", "\"type\": \"f32\", \"vector\": \"[1.0]\", \"repeat\": \"true\""),
                block("realtime", "throttle", "\"type\": \"f32\", \"samples_per_second\": \"1e6\""),
                block("scale", "multiply_const", "\"type\": \"f32\", \"const\": \"gain\""),
                block("sink", "vector_sink", "\"type\": \"f32\"")),
                String.join(",", edge("src", "realtime"), edge("realtime", "scale"), edge("scale", "sink")));
        OpenedGraph g = engine.open(f, Map.of());
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            OpenedGraph changed = engine.changeVariable(g, run, "gain", "gain_db + 3");
            assertTrue(false, "gain_db does not exist: " + changed);
        } catch (InvalidGraphException e) {
            assertTrue(e.problems().toString().contains("unknown variable 'gain_db'"), e.problems().toString());
        }
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            Thread.sleep(100);
            OpenedGraph changed = engine.changeVariable(g, run, "gain", "5");
            Thread.sleep(300); // the change lands on the block's own thread; leave time for samples after it
            assertEquals("5", changed.graph().variables().get("gain"));
            assertEquals(5L, changed.resolved().block("scale").orElseThrow().params().get("const").re(), 0.0);
            InvalidGraphException fixed = assertThrows(InvalidGraphException.class,
                    () -> engine.changeVariable(changed, run, "gian", "1"));
            assertTrue(fixed.problems().get(0).contains("did you mean 'gain'"), fixed.problems().toString());
            assertTrue(run.isRunning());
            run.stop();
            run.await();
            float[] y = ((VectorSink.Collector) run.block("sink")).floats();
            assertEquals(2f, y[0]);
            assertEquals(5f, y[y.length - 1], "the running multiply_const follows the variable");
            int firstFive = 0;
            while (y[firstFive] == 2f) {
                firstFive++;
            }
            for (int i = firstFive; i < y.length; i++) {
                assertEquals(5f, y[i], "sample " + i + ": the change applies at one point, never torn");
            }
        }
    }

    @Test
    void aVariableChangeThatWouldTouchAFixedParameterIsRefusedWhole() throws Exception {
        Path f = graph(String.join(",", block("src", "null_source", "\"vlen\": \"gain\""),
                block("scale", "multiply_const", "\"const\": \"gain\", \"vlen\": \"gain\""),
                block("sink", "null_sink", "\"vlen\": \"gain\"")),
                String.join(",", edge("src", "scale"), edge("scale", "sink")));
        OpenedGraph g = engine.open(f, Map.of());
        try (RunningGraph run = engine.start(g, RunOptions.DEFAULT)) {
            InvalidGraphException e = assertThrows(InvalidGraphException.class,
                    () -> engine.changeVariable(g, run, "gain", "4"));
            assertTrue(e.problems().stream().anyMatch(p -> p.contains("'vlen'") && p.contains("cannot change while")),
                    e.problems().toString());
            run.stop();
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
