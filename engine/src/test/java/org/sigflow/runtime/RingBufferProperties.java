package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Any mix of chunk size, history and rates moves every item exactly once, in order, through the rings. */
class RingBufferProperties {

    @Property(tries = 60)
    void historyAndRateChangesAreExactForAnyChunking(@ForAll @IntRange(min = 1, max = 20_000) int items,
                                                     @ForAll @IntRange(min = 1, max = 40) int history,
                                                     @ForAll @IntRange(min = 1, max = 7) int decim,
                                                     @ForAll @IntRange(min = 1, max = 5) int interp,
                                                     @ForAll @IntRange(min = 1, max = 3000) int chunk,
                                                     @ForAll @IntRange(min = 1, max = 500) int sinkPerCall)
            throws Exception {
        TestBlocks.Collect sink = new TestBlocks.Collect(false, sinkPerCall);
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "ramp", new TestBlocks.Ramp(items, 1, 0), List.of(), List.of(TestBlocks.f32(1))),
                new FlowNode("sum", "sum", new TestBlocks.MovingSum(history), List.of(TestBlocks.f32(1)),
                        List.of(TestBlocks.f32(1))),
                new FlowNode("rs", "rs", new TestBlocks.Resample(decim, interp), List.of(TestBlocks.f32(1)),
                        List.of(TestBlocks.f32(1))),
                new FlowNode("sink", "sink", sink, List.of(TestBlocks.f32(1)), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "sum", 0),
                new FlowEdge("sum", 0, "rs", 0), new FlowEdge("rs", 0, "sink", 0)), new RunOptions(chunk));
        RunOutcome o = g.await(Duration.ofSeconds(20)).orElseThrow(() -> new AssertionError("hung"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind());
        float[] y = sink.floats();
        assertEquals(items / decim * interp, y.length);
        for (int j = 0; j < y.length; j++) {
            int n = (j / interp) * decim;
            double expect = 0;
            for (int k = 0; k < history; k++) {
                expect += Math.max(0, n - k);
            }
            assertEquals(expect, y[j], Math.ulp((float) expect) * history, "output " + j);
        }
    }
}
