package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;

/**
 * Rings beside memory nodes live off the Java heap when every end uses segment views: without a GPU (the memory
 * nodes pass samples through) the same graphs must give the same items with off-heap rings and with
 * {@code -Dsigflow.memory.offHeapRings=false}, and those items must be the input's. On a GPU the same graphs cross the
 * device (GpuZeroCopyTest checks the DMA path there).
 */
class OffHeapRingTest {

    @Test
    void memoryNodesPassItemsThroughOffHeapRingsUnchanged() throws Exception {
        float[] x = new float[2 * 50_000 + 6];
        Random r = new Random(5);
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        for (boolean offHeap : new boolean[] {true, false}) {
            RingEnds.Source src = new RingEnds.Source(x, 777);
            RingEnds.Sink sink = new RingEnds.Sink(Dtype.Storage.FLOAT);
            float[] got = (float[]) RingEnds.runLine(line(src, Dtype.CF32, sink), offHeap);
            assertArrayEquals(x, got, "offHeapRings=" + offHeap);
            assertEquals(offHeap, src.sawSegment, "source ring off the heap");
            assertEquals(offHeap, sink.sawSegment, "sink ring off the heap");
        }
        short[] s = new short[2 * 30_001];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) r.nextInt(-32768, 32768);
        }
        RingEnds.Source src = new RingEnds.Source(s, 1000);
        assertArrayEquals(s, (short[]) RingEnds.runLine(line(src, Dtype.CS16, new RingEnds.Sink(Dtype.Storage.SHORT)),
                true));
        assertEquals(true, src.sawSegment);
    }

    /**
     * A reader needing several items per call (stream_to_vector by 5) makes the ring keep a mirror past its end, copied
     * within the native memory; the vectors must come out whole and in order.
     */
    @Test
    void mirrorOfAnOffHeapRingKeepsWindowsContiguous() throws Exception {
        float[] x = new float[2 * 5 * 20_011];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        for (boolean offHeap : new boolean[] {true, false}) {
            PortSpec c1 = new PortSpec("out", Dtype.CF32, 1);
            PortSpec c5 = new PortSpec("out", Dtype.CF32, 5);
            RingEnds.Source src = new RingEnds.Source(x, 333);
            List<FlowNode> nodes = List.of(new FlowNode("src", "array", src, List.of(), List.of(c1)),
                    new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", "cf32", "vlen", 1,
                            "wire_format", "fp32", "page_items", 4096), List.of(c1), List.of(c1)),
                    new FlowNode("s2v", "stream_to_vector", Setups.create("stream_to_vector", "type", "cf32",
                            "num_items", 5), List.of(c1), List.of(c5)),
                    new FlowNode("sink", "array", new RingEnds.Sink(Dtype.Storage.FLOAT), List.of(c5), List.of()));
            assertArrayEquals(x, (float[]) RingEnds.runLine(nodes, offHeap), "offHeapRings=" + offHeap);
        }
    }

    /** The catalog's own ends: vector_source → h2d → d2h → file_sink (cf32_le) writes the vector's bytes. */
    @Test
    void vectorSourceAndFileSinkReadAndWriteOffHeapRings(@TempDir Path dir) throws Exception {
        float[] v = new float[2 * 1000];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) Math.sin(0.01 * i);
        }
        for (boolean offHeap : new boolean[] {true, false}) {
            Path file = dir.resolve("out-" + offHeap + ".cf32");
            PortSpec c = new PortSpec("out", Dtype.CF32, 1);
            List<FlowNode> nodes = List.of(
                    new FlowNode("src", "vector_source", Setups.create("vector_source", "type", "cf32",
                            "vector", Setups.complexList(v), "repeat", false), List.of(), List.of(c)),
                    node("h2d", "memory_h2d", c), node("d2h", "memory_d2h", c),
                    new FlowNode("sink", "file_sink", Setups.create("file_sink", "type", "cf32", "format", "cf32_le",
                            "file", file.toString(), "append", false), List.of(c), List.of()));
            String old = System.getProperty("sigflow.memory.offHeapRings");
            System.setProperty("sigflow.memory.offHeapRings", Boolean.toString(offHeap));
            try {
                RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "h2d", 0),
                        new FlowEdge("h2d", 0, "d2h", 0), new FlowEdge("d2h", 0, "sink", 0)), new RunOptions(4096));
                g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
            } finally {
                System.clearProperty("sigflow.memory.offHeapRings");
                if (old != null) {
                    System.setProperty("sigflow.memory.offHeapRings", old);
                }
            }
            float[] got = new float[v.length];
            ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(got);
            assertArrayEquals(v, got, "offHeapRings=" + offHeap);
        }
    }

    /**
     * On a GPU the memory nodes ask for off-heap rings only where the DMA can use them in place: an fp32 wire or an
     * integer host stream, and pages of at least {@link RingDma#minPageElements()} elements (smaller pages measured
     * faster through staging), or where a narrow wire is packed on the host straight from or into the ring (not
     * pinned; its chunk capped at the node's own), unless {@code -Dsigflow.memory.packOffHeap=false}.
     */
    @Test
    void memoryNodesAskForOffHeapRingsWhereTheDmaOrThePackerUsesThem() {
        long big = RingDma.minPageElements();
        assertEquals(true, new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.FP32, null, big / 2, 0).wantsOffHeapRings());
        assertEquals(false, new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.FP32, null, 4096, 0).wantsOffHeapRings());
        assertEquals(true, new DeviceUpload(Dtype.CS8, 512, 1, WireFormat.FP32, IntegerWire.CS8, big, 0).wantsOffHeapRings());
        assertEquals(true, new DeviceDownload(Dtype.CF32, 512, WireFormat.FP32, IntegerWire.CS16, big, 0).segmentViews());
        assertEquals(false, new DeviceDownload(Dtype.CF32, 1, WireFormat.FP32, null, 4096, 0).segmentViews());
        DeviceUpload packedUp = new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.INT8, null, big, 0);
        DeviceDownload packedDown = new DeviceDownload(Dtype.CF32, 1, WireFormat.FP16, null, 4096, 0);
        assertEquals(true, packedUp.wantsOffHeapRings() && packedUp.segmentViews() && !packedUp.inPlace());
        assertEquals(true, packedDown.wantsOffHeapRings() && packedDown.segmentViews() && !packedDown.inPlace());
        assertEquals(4L * packedUp.chunkElements(), packedUp.offHeapChunkCapBytes(), "the packer's ring stays small");
        assertEquals(4L * packedDown.chunkElements(), packedDown.offHeapChunkCapBytes());
        System.setProperty("sigflow.memory.packOffHeap", "false");
        try {
            assertEquals(false, new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.INT8, null, big, 0).wantsOffHeapRings());
            assertEquals(false, new DeviceDownload(Dtype.CF32, 1, WireFormat.FP16, null, big, 0).segmentViews());
        } finally {
            System.clearProperty("sigflow.memory.packOffHeap");
        }
    }

    private static FlowNode node(String id, String type, PortSpec c) throws Exception {
        return new FlowNode(id, type, Setups.create(type, "type", "cf32", "vlen", 1, "wire_format", "fp32",
                "page_items", 1000), List.of(c), List.of(c));
    }

    /** {@code src → h2d → d2h → sink} for a stream of {@code type}. */
    static List<FlowNode> line(RingEnds.Source src, Dtype type, RingEnds.Sink sink) throws Exception {
        PortSpec p = new PortSpec("out", type, 1);
        return List.of(new FlowNode("src", "array", src, List.of(), List.of(p)),
                new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", type.id(), "vlen", 1,
                        "wire_format", "fp32", "page_items", 3000), List.of(p), List.of(p)),
                new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", type.id(), "vlen", 1,
                        "wire_format", "fp32", "page_items", 3000), List.of(p), List.of(p)),
                new FlowNode("sink", "array", sink, List.of(p), List.of()));
    }

    /**
     * A memory node's work-call chunk: 4 MiB of the host type at large pages (1 Mi cf32, 4 Mi cs8 elements), up to
     * 8 pages at small ones, and for Items per GPU Vector counted in device pages (a 1024-vector page of a sample
     * stream is 1024 times the stream's items: sizing it by host items gave 32 KiB calls). Its DMA pieces are half
     * its chunk, or half the ring's chunk where an end that never touches the items asked for a larger ring.
     */
    @Test
    void memoryNodesMoveFourMebibytesOrSeveralSmallPagesPerCall() {
        assertEquals(1 << 20, new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.FP32, null, 1 << 22, 0).chunkElements());
        assertEquals(1 << 22, new DeviceUpload(Dtype.CS8, 512, 1, WireFormat.FP32, IntegerWire.CS8, 8192, 0)
                .chunkElements());
        assertEquals(8 * 8192, new DeviceUpload(Dtype.CF32, 1, 1, WireFormat.FP32, null, 4096, 0).chunkElements());
        assertEquals(1 << 20, new DeviceUpload(Dtype.CF32, 1, 1024, WireFormat.FP32, null, 4096, 0).chunkElements());
        assertEquals(1 << 20, new DeviceDownload(Dtype.CF32, 1, WireFormat.FP32, null, 1 << 22, 0).chunkElements());
        // pieces: 2 MiB of cf32 (half a 4 MiB chunk) on a node's own ring, 8 MiB on a 64 MiB ring (16 MiB chunks)
        assertEquals(1 << 18, DeviceUpload.ringPieceItems(1 << 18, 16L << 20, 8));
        assertEquals(1 << 20, DeviceUpload.ringPieceItems(1 << 18, 64L << 20, 8));
        assertEquals(true, new DeviceUpload(Dtype.CF32, 1, 1024, WireFormat.FP32, null, 4096, 0).wantsOffHeapRings());
        assertEquals(8 * 8192, new DeviceDownload(Dtype.CF32, 1, WireFormat.FP32, null, 4096, 0).chunkElements());
    }
}
