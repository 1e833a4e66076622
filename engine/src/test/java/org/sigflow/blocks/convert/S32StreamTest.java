package org.sigflow.blocks.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.expr.Value;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;

/**
 * s32 (GNU Radio's int) streams through the engine's rings: a vector source of ints beyond float precision, repeated
 * over several ring laps, through copy and head, arrives exactly (the conversions are checked against GNU Radio in
 * GnuRadioSyncBlocksTest).
 */
class S32StreamTest {

    @Test
    void intsCrossRingsExactly() throws Exception {
        int[] values = {0, 1, -1, 16_777_217, Integer.MAX_VALUE, Integer.MIN_VALUE, 123_456_789, -987_654_321};
        PortSpec s32 = new PortSpec("out", Dtype.S32, 1);
        PortSpec in32 = new PortSpec("in", Dtype.S32, 1);
        int total = 100_000;
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "vector_source", Setups.create("vector_source", "type", "s32", "vector",
                        new Value.ListValue(java.util.Arrays.stream(values).mapToObj(v -> (Value) Value.of((long) v))
                                .toList()), "repeat", true, "vlen", 1), List.of(), List.of(s32)),
                new FlowNode("copy", "copy", Setups.create("copy", "type", "s32", "vlen", 1, "enabled", true),
                        List.of(in32), List.of(s32)),
                new FlowNode("head", "head", Setups.create("head", "type", "s32", "vlen", 1, "num_items", total),
                        List.of(in32), List.of(s32)),
                new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", "s32", "vlen", 1),
                        List.of(in32), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "copy", 0),
                new FlowEdge("copy", 0, "head", 0), new FlowEdge("head", 0, "sink", 0)), new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        int[] got = ((VectorSink.Collector) g.block("sink")).ints();
        int[] want = new int[total];
        for (int i = 0; i < total; i++) {
            want[i] = values[i % values.length];
        }
        assertArrayEquals(want, got);
    }
}
