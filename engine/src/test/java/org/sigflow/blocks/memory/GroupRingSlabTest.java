package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;
import org.sigflow.runtime.buffer.RingSlot;

/**
 * A download group's CPU rings come from one slab (CPU, no GPU): the rings whose writers name one slab lie back to back
 * at one stride in slot order, whatever order the graph allocates them in, so {@link StridedRings} sees one span that
 * covers only the rings (no allocator slack between them) and a page set at equal write positions is one copy; each
 * ring still has its own view and positions (every reader gets exactly its own writer's items).
 */
class GroupRingSlabTest {
    private static final int RINGS = 6;
    private static final PortSpec CF32 = new PortSpec("p", Dtype.CF32, 1);

    @Test
    void ringsNamingOneSlabAreContiguousInSlotOrderAndOneCopy() throws Exception {
        Object slab = new Object();
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        float[][] data = new float[RINGS][];
        Probe[] probes = new Probe[RINGS];
        for (int k = RINGS - 1; k >= 0; k--) { // allocated in reverse slot order
            data[k] = new float[2 * 300_001];
            for (int i = 0; i < data[k].length; i++) {
                data[k][i] = k * 1_000_000 + i;
            }
            nodes.add(new FlowNode("w" + k, "array", new Placed(new RingEnds.Source(data[k], 50_001),
                    new RingSlot(slab, k, RINGS)), List.of(), List.of(CF32)));
            probes[k] = new Probe(new RingEnds.Sink(Dtype.Storage.FLOAT));
            nodes.add(new FlowNode("s" + k, "array", probes[k], List.of(CF32), List.of()));
            edges.add(new FlowEdge("w" + k, 0, "s" + k, 0));
        }
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(4096));
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(o.failure()));
        MemorySegment[] rings = new MemorySegment[RINGS];
        for (int k = 0; k < RINGS; k++) {
            rings[k] = probes[k].ring;
            assertNotNull(rings[k], "ring " + k + " not off the heap");
            assertArrayEquals(data[k], (float[]) probes[k].sink.items(), "reader " + k + " got its own writer's items");
        }
        long stride = rings[0].byteSize();
        for (int k = 0; k < RINGS; k++) {
            assertEquals(stride, rings[k].byteSize(), "ring " + k + " size");
            assertEquals(rings[0].address() + k * stride, rings[k].address(), "ring " + k + " back to back in slot order");
        }
        StridedRings s = StridedRings.of(rings);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, s.order());
        assertEquals(List.of(RINGS), s.spans(), "one span");
        assertEquals(0, s.foreignBytes(), "the span's registration covers only the rings");
        s.assumePinned(0);
        long[] dest = new long[RINGS];
        for (int k = 0; k < RINGS; k++) {
            dest[k] = rings[k].address() + 8192;
        }
        assertEquals(1, s.plan(dest).size(), "a page set at equal write positions: one copy");
    }

    @Test
    void ringsPlacedOneByOneCoverTheAllocatorsSlackBetweenThem() {
        long ring = 1 << 20;
        MemorySegment[] rings = new MemorySegment[4];
        for (int k = 0; k < 4; k++) { // as malloc put them: each ring after its page of alignment slack and header
            rings[k] = MemorySegment.ofAddress(0x10_0000_0000L + k * (ring + 4096)).reinterpret(ring);
        }
        StridedRings s = StridedRings.of(rings);
        assertEquals(List.of(4), s.spans());
        assertEquals(3 * 4096, s.foreignBytes(), "registered with the span: memory no ring owns");
    }

    @Test
    void aGroupedDownloadAsksForItsGroupsSlot() {
        List<DeviceDownload> d = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            d.add(new DeviceDownload(Dtype.CF32, 1, WireFormat.FP32, null, 1 << 15, 0));
        }
        assertNull(d.getFirst().ringSlot(0), "alone: anywhere");
        DownloadGroup g = new DownloadGroup(d);
        for (int k = 0; k < 3; k++) {
            d.get(k).joinGroup(g, k);
        }
        for (int k = 0; k < 3; k++) {
            assertEquals(new RingSlot(g, k, 3), d.get(k).ringSlot(0));
        }
    }

    /** A writer that asks for an off-heap ring in a given slot. */
    private record Placed(Block block, RingSlot slot) implements Block {
        @Override
        public WorkResult work(WorkIo io) throws Exception {
            return block.work(io);
        }

        @Override
        public boolean segmentViews() {
            return true;
        }

        @Override
        public boolean wantsOffHeapRings() {
            return true;
        }

        @Override
        public RingSlot ringSlot(int port) {
            return slot;
        }
    }

    /** Keeps the ring it reads from. */
    private static final class Probe implements Block {
        final RingEnds.Sink sink;
        volatile MemorySegment ring;

        Probe(RingEnds.Sink sink) {
            this.sink = sink;
        }

        @Override
        public WorkResult work(WorkIo io) {
            if (io.in(0).segment() != null) {
                ring = io.in(0).segment();
            }
            return sink.work(io);
        }

        @Override
        public boolean segmentViews() {
            return true;
        }
    }
}
