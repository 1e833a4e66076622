package org.sigflow.blocks.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.ZeroCountSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.InputView;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.WorkIo;

/**
 * {@code null_source} zeroes an off-heap ring's slots on its first lap only (its readers never write them), and a
 * heap ring's space on every call. Checked on rings that start dirty, so a skipped first-lap zeroing shows.
 */
class NullSourceRingTest {
    private static final int SLOTS = 1000; // cf32 items of the fake ring
    private static final int CALL = 300; // items per call: spans cross the ring's end, as a mirror lets them

    @Test
    void offHeapRingIsZeroedOnItsFirstLapAndThenOnlyPublished() throws Exception {
        Block b = Setups.create("null_source", "type", "cf32", "vlen", 1);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ring = a.allocate(2L * (SLOTS + CALL) * 4);
            ring.fill((byte) 0x5a); // dirty: the first lap must zero every slot it hands out
            FakeRing r = new FakeRing(ring, null);
            for (int call = 0; call < 4 * SLOTS / CALL; call++) {
                b.work(r);
                assertTrue(r.lastSpanZero, "call " + call + ": span at item " + r.lastAt + " not all zeros");
            }
            // later laps write nothing: a mark planted in a slot already handed out stays (proves the rewrite is gone)
            ring.set(ValueLayout.JAVA_FLOAT, 8L * 10, 7f);
            for (int call = 0; call < 2 * SLOTS / CALL; call++) {
                b.work(r);
            }
            assertEquals(7f, ring.get(ValueLayout.JAVA_FLOAT, 8L * 10), "slot 10 rewritten on a later lap");
        }
    }

    @Test
    void heapRingIsZeroedOnEveryCall() throws Exception {
        Block b = Setups.create("null_source", "type", "cf32", "vlen", 1);
        float[] ring = new float[2 * (SLOTS + CALL)];
        java.util.Arrays.fill(ring, 3f);
        FakeRing r = new FakeRing(null, ring);
        for (int call = 0; call < 3 * SLOTS / CALL; call++) {
            ring[2 * ((r.at + 1) % SLOTS)] = 9f; // a reader of a heap ring may have written its slots
            b.work(r);
            assertTrue(r.lastSpanZero, "call " + call + ": span at item " + r.lastAt + " not all zeros");
        }
    }

    @Test
    void rewriteOptionZeroesAnOffHeapRingOnEveryCall() throws Exception {
        System.setProperty("sigflow.nullSource.rewrite", "true");
        Block b;
        try {
            b = Setups.create("null_source", "type", "cf32", "vlen", 1);
        } finally {
            System.clearProperty("sigflow.nullSource.rewrite");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ring = a.allocate(2L * (SLOTS + CALL) * 4);
            FakeRing r = new FakeRing(ring, null);
            for (int call = 0; call < 3 * SLOTS / CALL; call++) {
                ring.set(ValueLayout.JAVA_FLOAT, 8L * ((r.at + 1) % SLOTS), 9f);
                b.work(r);
                assertTrue(r.lastSpanZero, "call " + call + ": span at item " + r.lastAt + " not all zeros");
            }
        }
    }

    /**
     * Through the runtime: null_source → stream_to_vector → a segment-view sink, every ring off the heap
     * ({@code offHeapRings=always}), many laps of the source's ring: only zeros arrive.
     */
    @Test
    void offHeapChainDeliversOnlyZerosOverManyLaps() throws Exception {
        PortSpec c1 = new PortSpec("out", Dtype.CF32, 1);
        PortSpec c4 = new PortSpec("out", Dtype.CF32, 4);
        ZeroCountSink sink = new ZeroCountSink(2_000_000);
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "null_source", Setups.create("null_source", "type", "cf32", "vlen", 1),
                        List.of(), List.of(c1)),
                new FlowNode("s2v", "stream_to_vector", Setups.create("stream_to_vector", "type", "cf32",
                        "num_items", 4), List.of(c1), List.of(c4)),
                new FlowNode("sink", "zeros", sink, List.of(c4), List.of()));
        String old = System.getProperty("sigflow.memory.offHeapRings");
        System.setProperty("sigflow.memory.offHeapRings", "always");
        try {
            RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "s2v", 0),
                    new FlowEdge("s2v", 0, "sink", 0)), new RunOptions(4096));
            g.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("graph did not end"));
        } finally {
            System.clearProperty("sigflow.memory.offHeapRings");
            if (old != null) {
                System.setProperty("sigflow.memory.offHeapRings", old);
            }
        }
        assertTrue(sink.sawSegment(), "the sink's ring was not off the heap");
        assertTrue(sink.items() >= 2_000_000, "items " + sink.items());
        assertEquals(0, sink.nonZero(), "non-zero samples arrived");
    }

    /**
     * One cf32 output over a fake ring of {@link #SLOTS} items whose spans run up to {@link #CALL} items past its end
     * (as a mirror lets them); records whether the span each call produced held zeros.
     */
    private static final class FakeRing implements WorkIo, OutputView {
        private final MemorySegment segment;
        private final float[] array;
        int at;
        int lastAt;
        boolean lastSpanZero;

        FakeRing(MemorySegment segment, float[] array) {
            this.segment = segment;
            this.array = array;
        }

        @Override public int space() { return CALL - at % 7; }
        @Override public int offset() { return 2 * at; }
        @Override public int itemSize() { return 2; }
        @Override public long position() { return 0; }
        @Override public float[] floats() { return array; }
        @Override public short[] shorts() { return null; }
        @Override public byte[] bytes() { return null; }
        @Override public MemorySegment segment() { return segment; }
        @Override public void addTag(long offset, String key, Object value) {}
        @Override public int inputCount() { return 0; }
        @Override public int outputCount() { return 1; }
        @Override public InputView in(int port) { throw new IndexOutOfBoundsException(); }
        @Override public OutputView out(int port) { return this; }
        @Override public void consume(int port, int n) {}
        @Override public void consumeEach(int n) {}
        @Override public void produceEach(int n) { produce(0, n); }
        @Override public boolean stopRequested() { return false; }

        @Override
        public void produce(int port, int n) {
            lastAt = at;
            lastSpanZero = true;
            for (int e = 2 * at; e < 2 * (at + n); e++) {
                float v = segment != null ? segment.get(ValueLayout.JAVA_FLOAT, 4L * e) : array[e];
                lastSpanZero &= v == 0f;
            }
            at = (at + n) % SLOTS; // the next span starts where this one ended, wrapped to the ring's start
        }
    }
}
