package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;

/**
 * An end that never touches the items of an off-heap ring may ask for a larger one ({@link Block#offHeapChunkBytes()}):
 * granted in bytes of the stream's elements, only where the ring is off the heap and every other end also asks or is a
 * memory node (a CPU block touching each item keeps its cache-sized ring).
 */
class RingPlanOffHeapChunkTest {
    private static final PortSpec CF32 = new PortSpec("out", Dtype.CF32, 1);

    @Test
    void largeChunkOnlyOffTheHeap() {
        assertEquals(2 << 20, chunk("always", block(16L << 20, false), block(16L << 20, false)),
                "16 MiB of cf32 items (8 bytes each)");
        assertEquals(2 << 20, chunk("always", block(16L << 20, false), block(0, true)), "a memory node reads it");
        assertEquals(512, chunk("false", block(16L << 20, false), block(16L << 20, false)),
                "heap ring: the run's 1024-element chunk");
        assertEquals(512, chunk("always", block(0, false), block(0, true)), "no wish");
        assertEquals(512, chunk("always", block(0, false), block(16L << 20, false)),
                "the writer touches the items (a sink's wish is not enough)");
    }

    @Test
    void anEndsCapLimitsTheWish() {
        assertEquals(512 << 10, chunk("always", block(0, true, 4L << 20), block(16L << 20, false)),
                "a memory node writing small pages caps a sink's 16 MiB at its 4 MiB: 512 Ki cf32 items");
        assertEquals(512 << 10, chunk("always", block(16L << 20, false), block(0, true, 4L << 20)),
                "a capping reader");
        assertEquals(2 << 20, chunk("always", block(0, true, 64L << 20), block(16L << 20, false)),
                "a cap above the wish leaves it");
    }

    /** Items per call of the ring from {@code writer} to {@code reader} (both segment views). */
    private static int chunk(String offHeapRings, Block writer, Block reader) {
        FlowNode w = new FlowNode("w", "t", writer, List.of(), List.of(CF32));
        FlowNode r = new FlowNode("r", "t", reader, List.of(CF32), List.of());
        String old = System.getProperty("sigflow.memory.offHeapRings");
        System.setProperty("sigflow.memory.offHeapRings", offHeapRings);
        try {
            RingPlan p = RingPlan.of(Map.of("w", w, "r", r), w, 0, CF32, List.of(new FlowEdge("w", 0, "r", 0)),
                    new RunOptions(1024));
            assertEquals(!offHeapRings.equals("false"), p.offHeap());
            return p.chunk();
        } finally {
            System.clearProperty("sigflow.memory.offHeapRings");
            if (old != null) {
                System.setProperty("sigflow.memory.offHeapRings", old);
            }
        }
    }

    /** A segment-view block asking {@code offHeapChunkBytes}; {@code memoryNode}: it wants off-heap rings. */
    private static Block block(long offHeapChunkBytes, boolean memoryNode) {
        return block(offHeapChunkBytes, memoryNode, 0);
    }

    /** The same with {@link Block#offHeapChunkCapBytes()} {@code cap}. */
    private static Block block(long offHeapChunkBytes, boolean memoryNode, long cap) {
        return new Block() {
            @Override
            public WorkResult work(WorkIo io) {
                return WorkResult.DONE;
            }

            @Override
            public boolean segmentViews() {
                return true;
            }

            @Override
            public long offHeapChunkBytes() {
                return offHeapChunkBytes;
            }

            @Override
            public boolean wantsOffHeapRings() {
                return memoryNode;
            }

            @Override
            public long offHeapChunkCapBytes() {
                return cap;
            }
        };
    }
}
