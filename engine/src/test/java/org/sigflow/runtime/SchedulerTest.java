package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.sigflow.expr.Value;
import org.sigflow.runtime.TestBlocks.Collect;
import org.sigflow.runtime.TestBlocks.FailAfter;
import org.sigflow.runtime.TestBlocks.Gain;
import org.sigflow.runtime.TestBlocks.MovingSum;
import org.sigflow.runtime.TestBlocks.Ramp;
import org.sigflow.runtime.TestBlocks.Resample;
import org.sigflow.runtime.TestBlocks.Take;

class SchedulerTest {

    private static FlowNode node(String id, Block b, int ins, int outs, int vlen) {
        return new FlowNode(id, "test_" + id, b,
                java.util.Collections.nCopies(ins, TestBlocks.f32(vlen)),
                java.util.Collections.nCopies(outs, TestBlocks.f32(vlen)));
    }

    private static RunOutcome runToEnd(RunningGraph g) throws InterruptedException {
        RunOutcome o = g.await(Duration.ofSeconds(30)).orElseThrow(() -> new AssertionError("graph did not finish"));
        return o;
    }

    @Test
    void finiteSourceEndsTheGraphWithEveryItemInOrderDespiteASlowSink() throws Exception {
        int n = 300_000;
        Collect sink = new Collect(true, 5_000);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(n, 1, 0), 0, 1, 1), node("gain", new Gain(2f), 1, 1, 1),
                        node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "gain", 0), new FlowEdge("gain", 0, "sink", 0)),
                new RunOptions(4096));
        RunOutcome o = runToEnd(g);
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind());
        float[] got = sink.floats();
        assertEquals(n, got.length, "back-pressure must not lose samples");
        for (int i = 0; i < n; i++) {
            if (got[i] != 2f * i) {
                throw new AssertionError("item " + i + ": " + got[i]);
            }
        }
        List<BlockMetrics> m = g.metrics();
        assertEquals(n, m.get(0).itemsOut());
        assertEquals(n, m.get(1).itemsIn());
        assertEquals(n, m.get(2).itemsIn());
        double share = m.stream().mapToDouble(BlockMetrics::workShare).sum();
        assertEquals(1.0, share, 1e-9);
        assertTrue(m.get(2).throughput() > 0);
    }

    @Test
    void historyIsContiguousAcrossRingWrapsAndStartsWithZeros() throws Exception {
        int n = 100_003;
        int h = 37;
        Collect sink = new Collect(false, 1000);
        // tiny chunks: the 37-item history window crosses the ring's end many times
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(n, 1, 0), 0, 1, 1), node("sum", new MovingSum(h), 1, 1, 1),
                        node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "sum", 0), new FlowEdge("sum", 0, "sink", 0)),
                new RunOptions(61));
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        float[] y = sink.floats();
        assertEquals(n, y.length);
        for (int i = 0; i < n; i++) {
            double expect = 0;
            for (int k = 0; k < h; k++) {
                expect += Math.max(0, i - k); // zeros before the first sample
            }
            assertEquals(expect, y[i], Math.ulp((float) expect) * h, "item " + i);
        }
    }

    @Test
    void decimationAndInterpolationKeepRatesAndPlaceTagsByRelativeRate() throws Exception {
        int n = 40_000;
        Collect sink = new Collect(false, 777);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(n, 1, 1000), 0, 1, 1), node("dec", new Resample(4, 1), 1, 1, 1),
                        node("interp", new Resample(1, 3), 1, 1, 1), node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "dec", 0), new FlowEdge("dec", 0, "interp", 0),
                        new FlowEdge("interp", 0, "sink", 0)),
                new RunOptions(500));
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        float[] y = sink.floats();
        assertEquals(n / 4 * 3, y.length);
        for (int i = 0; i < y.length; i++) {
            assertEquals(4f * (i / 3), y[i], "item " + i);
        }
        assertEquals(n / 1000, sink.tags.size());
        for (Tag t : sink.tags) {
            long src = (Long) t.value();
            assertEquals(src / 4 * 3, t.offset(), "tag from source offset " + src);
        }
    }

    @Test
    void vectorItemsMoveWhole() throws Exception {
        int n = 5_000;
        int vlen = 64;
        Collect sink = new Collect(false, 33);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(n, vlen, 0), 0, 1, vlen), node("sink", sink, 1, 0, vlen)),
                List.of(new FlowEdge("src", 0, "sink", 0)), new RunOptions(1000));
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        float[] y = sink.floats();
        assertEquals(n * vlen, y.length);
        for (int i = 0; i < y.length; i++) {
            assertEquals(i % 16_777_216, y[i], 0);
        }
    }

    @Test
    void fanOutFeedsEveryReaderAtItsOwnPace() throws Exception {
        int n = 200_000;
        Collect fast = new Collect(false, 100_000);
        Collect slow = new Collect(true, 3_000);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(n, 1, 0), 0, 1, 1), node("fast", fast, 1, 0, 1),
                        node("slow", slow, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "fast", 0), new FlowEdge("src", 0, "slow", 0)),
                new RunOptions(2048));
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        assertEquals(n, fast.floats().length);
        assertEquals(n, slow.floats().length);
        assertEquals(n - 1, slow.floats()[n - 1], 0);
    }

    @Test
    void aFinishedDownstreamEndsAnInfiniteSource() throws Exception {
        Collect sink = new Collect(false, 1 << 20);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(Long.MAX_VALUE, 1, 0), 0, 1, 1), node("take", new Take(12_345), 1, 1, 1),
                        node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "take", 0), new FlowEdge("take", 0, "sink", 0)), RunOptions.DEFAULT);
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        assertEquals(12_345, sink.floats().length);
    }

    @Test
    void stopOnRequestEndsWithinASecond() throws Exception {
        Collect sink = new Collect(true, 1000);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(Long.MAX_VALUE, 1, 0), 0, 1, 1), node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "sink", 0)), RunOptions.DEFAULT);
        Thread.sleep(100);
        assertTrue(g.isRunning());
        long t0 = System.nanoTime();
        g.stop();
        RunOutcome o = g.await(Duration.ofSeconds(1)).orElseThrow(() -> new AssertionError("still running after 1 s"));
        assertTrue(System.nanoTime() - t0 < 1_000_000_000L);
        assertEquals(RunOutcome.Kind.STOPPED, o.kind());
    }

    @Test
    void aThrowingBlockStopsTheGraphWithinASecondAndIsNamed() throws Exception {
        Collect sink = new Collect(false, 1000);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(Long.MAX_VALUE, 1, 0), 0, 1, 1), node("bad", new FailAfter(50_000), 1, 1, 1),
                        node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "bad", 0), new FlowEdge("bad", 0, "sink", 0)), new RunOptions(1024));
        RunOutcome o = g.await(Duration.ofSeconds(5)).orElseThrow(() -> new AssertionError("graph did not stop"));
        assertEquals(RunOutcome.Kind.FAILED, o.kind());
        assertNotNull(o.failure());
        assertEquals("bad", o.failure().blockId());
        assertTrue(o.failure().describe().contains("block 'bad' (test_bad) failed: synthetic failure"), o.failure().describe());
        assertTrue(o.seconds() < 1.0 + 0.5, "took " + o.seconds()); // fails quickly after ~50k items
    }

    @Test
    void runtimeParameterChangesApplyBetweenWorkCallsAndRefusalsKeepTheOldValue() throws Exception {
        Gain gain = new Gain(1f);
        Collect sink = new Collect(false, 4096);
        // the source holds after 50k items until the change is applied, so the run shows both gains on any machine
        Ramp src = Ramp.gated(100_000, 50_000);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", src, 0, 1, 1), node("gain", gain, 1, 1, 1), node("sink", sink, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "gain", 0), new FlowEdge("gain", 0, "sink", 0)), new RunOptions(1024));
        try {
            g.setParam("gain", "gain", Value.of(3.0)).get(5, java.util.concurrent.TimeUnit.SECONDS);
            ExecutionException refused = assertThrows(ExecutionException.class,
                    () -> g.setParam("gain", "gain", Value.of(-1.0)).get());
            assertInstanceOf(IllegalArgumentException.class, refused.getCause());
            assertEquals(3f, gain.gain);
            ExecutionException unknown = assertThrows(ExecutionException.class,
                    () -> g.setParam("gain", "colour", Value.of(1.0)).get());
            assertTrue(unknown.getCause().getMessage().contains("cannot be changed while running"));
            assertThrows(ExecutionException.class, () -> g.setParam("nope", "gain", Value.of(1.0)).get());
        } finally {
            src.release();
        }
        assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
        float[] y = sink.floats();
        assertEquals(100_000, y.length);
        // every item is its index times 1 or 3, and once 3 appears it stays (applied between calls, never torn)
        int firstTripled = -1;
        for (int i = 1; i < y.length; i++) {
            if (y[i] == 3f * i) {
                if (firstTripled < 0) {
                    firstTripled = i;
                }
            } else {
                assertEquals(i, y[i], 0);
                assertTrue(firstTripled < 0, "gain went back at item " + i);
            }
        }
        assertTrue(firstTripled > 0 && firstTripled <= 50_000, "first tripled item " + firstTripled);
    }

    @Test
    void tagPoliciesRouteTagsOneToOneOrAllToAll() throws Exception {
        for (TagPolicy policy : List.of(TagPolicy.ONE_TO_ONE, TagPolicy.ALL_TO_ALL, TagPolicy.DONT)) {
            Collect sink0 = new Collect(false, 500);
            Collect sink1 = new Collect(false, 700);
            RunningGraph g = RunningGraph.start(
                    List.of(node("a", new Ramp(10_000, 1, 100), 0, 1, 1), node("b", new Ramp(10_000, 1, 1000), 0, 1, 1),
                            node("pair", new TestBlocks.PassPair(policy), 2, 2, 1), node("s0", sink0, 1, 0, 1),
                            node("s1", sink1, 1, 0, 1)),
                    List.of(new FlowEdge("a", 0, "pair", 0), new FlowEdge("b", 0, "pair", 1),
                            new FlowEdge("pair", 0, "s0", 0), new FlowEdge("pair", 1, "s1", 0)),
                    new RunOptions(300));
            assertEquals(RunOutcome.Kind.COMPLETED, runToEnd(g).kind());
            int[] expected = switch (policy) {
                case ONE_TO_ONE -> new int[] {100, 10};
                case ALL_TO_ALL -> new int[] {110, 110};
                case DONT -> new int[] {0, 0};
            };
            assertEquals(expected[0], sink0.tags.size(), policy + " tags on output 0");
            assertEquals(expected[1], sink1.tags.size(), policy + " tags on output 1");
            for (Collect s : List.of(sink0, sink1)) {
                for (Tag t : s.tags) {
                    assertEquals((long) (Long) t.value(), t.offset(), "a 1:1 block keeps tag offsets");
                }
            }
        }
    }

    @Test
    void bufferFillShowsWhereTheGraphBacksUp() throws Exception {
        Collect slow = new Collect(true, 50);
        RunningGraph g = RunningGraph.start(
                List.of(node("src", new Ramp(Long.MAX_VALUE, 1, 0), 0, 1, 1), node("sink", slow, 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "sink", 0)), new RunOptions(4096));
        Thread.sleep(300);
        BlockMetrics src = g.metrics().get(0);
        g.stop();
        runToEnd(g);
        assertTrue(src.outputFill().get(0) > 0.5, "a slow sink leaves the source's ring full: " + src.outputFill());
        assertTrue(src.busyFraction() < 0.5, "the source mostly waits: " + src.busyFraction());
    }

    @Test
    void wiringErrorsAreRefusedBeforeStarting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunningGraph.start(
                List.of(node("src", new Ramp(10, 1, 0), 0, 1, 1), node("sink", new Collect(false, 1), 1, 0, 1),
                        node("lonely", new Collect(false, 1), 1, 0, 1)),
                List.of(new FlowEdge("src", 0, "sink", 0)), RunOptions.DEFAULT));
        assertTrue(e.getMessage().contains("input 0 of 'lonely' is not connected"), e.getMessage());
    }
}
