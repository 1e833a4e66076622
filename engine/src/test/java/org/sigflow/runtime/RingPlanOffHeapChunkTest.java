package org.sigflow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;

/**
 * An end that never touches the items of an off-heap ring may ask for a larger one ({@link Block#offHeapChunkBytes()}):
 * granted in bytes of the stream's elements, only where the ring is off the heap.
 */
class RingPlanOffHeapChunkTest {
    private static final PortSpec CF32 = new PortSpec("out", Dtype.CF32, 1);

    @Test
    void largeChunkOnlyOffTheHeap() {
        assertEquals(2 << 20, chunk("always", 16L << 20), "16 MiB of cf32 items (8 bytes each)");
        assertEquals(512, chunk("false", 16L << 20), "heap ring: the run's 1024-element chunk");
        assertEquals(512, chunk("always", 0), "no wish");
    }

    /** Items per call of the ring from a segment-view writer asking {@code bytes} to a segment-view reader. */
    private static int chunk(String offHeapRings, long bytes) {
        Block writer = block(bytes);
        FlowNode w = new FlowNode("w", "t", writer, List.of(), List.of(CF32));
        FlowNode r = new FlowNode("r", "t", block(0), List.of(CF32), List.of());
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

    private static Block block(long offHeapChunkBytes) {
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
        };
    }
}
