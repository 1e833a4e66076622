package org.sigflow.blocks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;

/** The blocks on the real scheduler: end of stream from head, values through the chain, results read from the sink. */
class PlumbingGraphTest {

    private static FlowNode node(String id, String type, int ins, int outs, Object... params) throws Exception {
        PortSpec p = new PortSpec("p", Dtype.CF32, 1);
        return new FlowNode(id, type, Setups.create(type, params), java.util.Collections.nCopies(ins, p),
                java.util.Collections.nCopies(outs, p));
    }

    @Test
    void repeatingSourceThroughGainAndHeadEndsTheGraph() throws Exception {
        RunningGraph g = RunningGraph.start(List.of(
                        node("src", "vector_source", 0, 1, "type", "cf32", "vector", Setups.complexList(1, 0, 0, 1, -1, 0),
                                "repeat", true, "vlen", 1),
                        node("gain", "multiply_const", 1, 1, "type", "cf32", "const", Setups.complex(0, 2), "vlen", 1),
                        node("head", "head", 1, 1, "type", "cf32", "num_items", 10_000, "vlen", 1),
                        node("skip", "skip_head", 1, 1, "type", "cf32", "num_items", 1, "vlen", 1),
                        node("sink", "vector_sink", 1, 0, "type", "cf32", "vlen", 1)),
                List.of(new FlowEdge("src", 0, "gain", 0), new FlowEdge("gain", 0, "head", 0),
                        new FlowEdge("head", 0, "skip", 0), new FlowEdge("skip", 0, "sink", 0)),
                new RunOptions(1000));
        RunOutcome outcome = g.await(Duration.ofSeconds(20)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, outcome.kind());
        VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
        assertEquals(9_999, sink.count());
        // (1, j, -1) · 2j = (2j, -2, -2j); skip_head dropped the first
        float[] y = sink.floats();
        float[][] cycle = {{0, 2}, {-2, 0}, {0, -2}};
        for (int i = 0; i < 9_999; i++) {
            float[] want = cycle[(i + 1) % 3];
            assertArrayEquals(want, new float[] {y[2 * i], y[2 * i + 1]}, 1e-6f, "item " + i);
        }
        assertEquals(List.<Tag>of(), sink.tags());
    }

    @Test
    void aNonRepeatingVectorLongerThanTheRingArrivesWhole() throws Exception {
        // 5,000 items through rings of 4 × 1,000 elements: the source's output fills many times before it is done
        float[] v = new float[10_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        RunningGraph g = RunningGraph.start(List.of(
                        node("src", "vector_source", 0, 1, "type", "cf32", "vector", Setups.complexList(v),
                                "repeat", false, "vlen", 1),
                        node("sink", "vector_sink", 1, 0, "type", "cf32", "vlen", 1)),
                List.of(new FlowEdge("src", 0, "sink", 0)), new RunOptions(1000));
        RunOutcome outcome = g.await(Duration.ofSeconds(20)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, outcome.kind());
        VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
        assertEquals(5_000, sink.count());
        float[] y = sink.floats();
        for (int i = 0; i < y.length; i++) {
            assertEquals(i, y[i], 0, "element " + i);
        }
    }
}
