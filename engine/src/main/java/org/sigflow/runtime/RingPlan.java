package org.sigflow.runtime;

import java.util.List;
import java.util.Map;

/**
 * The size of one output's ring, worked out in 64-bit arithmetic and refused, naming the block, when it would exceed
 * {@link #MAX_RING_BYTES} (a FIR's history, an interpolation or a vector length far beyond what memory can hold):
 * refused before anything is allocated, and by {@code validate} too.
 */
record RingPlan(int maxHistory, int mirror, int chunk, boolean offHeap) {
    /** Largest ring one connection may have. */
    static final long MAX_RING_BYTES = 1L << 30;
    /**
     * Ring memory a whole graph aims at with its default chunk: a graph of thousands of blocks gets smaller chunks
     * (never below {@link #MIN_CHUNK_ELEMENTS}) instead of gigabytes of rings to allocate and zero at start. Output
     * bytes do not depend on the chunk (docs/safety.md).
     */
    static final long GRAPH_RING_BYTES = 64L << 20;
    static final int MIN_CHUNK_ELEMENTS = 1024;

    /** The chunk for a graph of {@code hostOutputs} ring-backed outputs: the asked one, scaled down for large graphs. */
    static RunOptions scaled(RunOptions options, int hostOutputs) {
        // a ring holds 4 chunks of 4-byte elements, its capacity rounded up to a power of two: so is the chunk here
        // (2,000 outputs of 256 KB rings, not the planned 128 KB, were half a gigabyte that the GC copied at start)
        long perOutput = Long.highestOneBit(Math.max(1, GRAPH_RING_BYTES / 16 / Math.max(1, hostOutputs)));
        int chunk = (int) Math.min(options.chunkElements(), Math.max(MIN_CHUNK_ELEMENTS, perOutput));
        return chunk == options.chunkElements() ? options : options.withChunkElements(chunk);
    }

    static RingPlan of(Map<String, FlowNode> byId, FlowNode n, int o, PortSpec spec, List<FlowEdge> out,
                       RunOptions options) {
        long maxHistory = 1;
        boolean segmentViews = n.block().segmentViews();
        boolean wantsOffHeap = n.block().wantsOffHeapRings();
        long mirror = n.block().outputMultiple() - 1L;
        String why = mirror > 0 ? "its output multiple " + n.block().outputMultiple() : null;
        long chunkElements = Math.max(options.chunkElements(), n.block().chunkElements()); // memory nodes ask for more
        long offHeapChunkBytes = n.block().offHeapChunkBytes();
        long offHeapCap = cap(Long.MAX_VALUE, n.block());
        boolean untouched = untouched(n.block()); // every end leaves the items alone (or is a memory node's DMA)
        for (FlowEdge e : out) {
            FlowNode to = RunningGraph.node(byId, e.to(), e);
            RunningGraph.checkTypes(n, spec, to, e);
            Block b = to.block();
            if (b.inputOnDevice(e.toPort())) {
                throw new IllegalArgumentException("edge " + e + ": '" + to.id() + "' reads GPU memory but '"
                        + n.id() + "' writes host samples: put a Memory CPU→GPGPU block between them");
            }
            maxHistory = Math.max(maxHistory, b.history());
            segmentViews &= b.segmentViews();
            wantsOffHeap |= b.wantsOffHeapRings();
            chunkElements = Math.max(chunkElements, b.chunkElements());
            offHeapChunkBytes = Math.max(offHeapChunkBytes, b.offHeapChunkBytes());
            offHeapCap = cap(offHeapCap, b);
            untouched &= untouched(b);
            long need = b.history() - 1L + b.inputMultiple() - 1L;
            if (need > mirror) {
                mirror = need;
                why = "'" + to.id() + "' needs " + b.history() + " items of history and " + b.inputMultiple()
                        + " per call";
            }
        }
        boolean offHeap = segmentViews && !out.isEmpty() && offHeapRings(wantsOffHeap);
        long itemBytes = (long) spec.vlen() * spec.dtype().bytes();
        long itemElements = (long) spec.vlen() * spec.dtype().components();
        if (offHeap && untouched) { // ends that never touch the items may ask for a larger ring (Block#offHeapChunkBytes)
            chunkElements = Math.max(chunkElements, Math.min(offHeapChunkBytes, offHeapCap) * itemElements / itemBytes);
        }
        long chunk = Math.max(mirror + 1, Math.max(1, chunkElements / itemElements));
        long capacity = Math.max(4 * chunk, 2 * (mirror + 1 + chunk));
        if (capacity * itemBytes > MAX_RING_BYTES || capacity > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException(String.format(
                    "output %d of '%s' would need a ring of %,d items of %,d bytes (%s); the limit is %,d MB per "
                            + "connection: use fewer taps, a smaller interpolation or vector length",
                    o, n.id(), capacity, itemBytes, why == null ? "its vector length" : why, MAX_RING_BYTES >> 20));
        }
        return new RingPlan((int) maxHistory, (int) mirror, (int) chunk, offHeap);
    }

    private static long cap(long cap, Block b) {
        long c = b.offHeapChunkCapBytes();
        return c > 0 ? Math.min(cap, c) : cap;
    }

    /** An end that asks for a larger off-heap ring, or a memory node (its DMA, not the CPU, reads or writes it). */
    private static boolean untouched(Block b) {
        return b.offHeapChunkBytes() > 0 || b.wantsOffHeapRings();
    }

    /**
     * {@code -Dsigflow.memory.offHeapRings=false} keeps every ring on the Java heap (the memory nodes then copy
     * through their pinned staging pages); by default a ring beside a memory node lives off the heap where every end
     * of it can use segment views ({@link Block#segmentViews()}, {@link Block#wantsOffHeapRings()}); {@code always}
     * puts every such ring off the heap (to measure a source alone on the storage it writes beside a memory node).
     */
    static boolean offHeapRings(boolean wanted) {
        String v = System.getProperty("sigflow.memory.offHeapRings", "true");
        return v.equals("always") || wanted && Boolean.parseBoolean(v); // "always": every ring whose ends allow it
    }
}
