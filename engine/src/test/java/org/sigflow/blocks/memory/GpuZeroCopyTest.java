package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.ZeroCountSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;

/**
 * The zero-copy memory nodes on a GPU ({@code @Tag("gpu")}): with off-heap rings the DMA reads the source's ring and
 * writes the sink's ring in place (pinned with cuMemHostRegister), in pieces split at page boundaries and at the
 * ring's end. The items must be exactly those of the staging path ({@code -Dsigflow.memory.offHeapRings=false}) and
 * match an independent reference: x·c in double for multiply_const, the integers themselves for a cs16/cs8 round
 * trip, the RTL-SDR scale for u8 pairs.
 */
@Tag("gpu")
class GpuZeroCopyTest {
    /** Complex samples: many laps of a 4 Ki-element ring, pages of 3000 items that do not divide it, a short tail. */
    private static final int N = 200_003;

    @Test
    void multiplyConstCrossesPinnedRingsExactlyAsThroughStaging() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        Random r = new Random(11);
        float[] x = new float[2 * N];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        float[] offHeap = (float[]) run(x, Dtype.CF32, Dtype.CF32, true, true);
        float[] staging = (float[]) run(x, Dtype.CF32, Dtype.CF32, false, true);
        assertArrayEquals(staging, offHeap, "zero-copy and staging paths differ");
        assertEquals(x.length, offHeap.length);
        for (int i = 0; i < N; i++) { // (a + jb)(0.5 + 0.5j), in double
            double re = 0.5 * x[2 * i] - 0.5 * x[2 * i + 1];
            double im = 0.5 * x[2 * i] + 0.5 * x[2 * i + 1];
            assertEquals(re, offHeap[2 * i], 1e-6 * (1 + Math.abs(re)), "re " + i);
            assertEquals(im, offHeap[2 * i + 1], 1e-6 * (1 + Math.abs(im)), "im " + i);
        }
    }

    @Test
    void integerStreamsCrossPinnedRingsExactly() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        Random r = new Random(12);
        short[] s = new short[2 * N];
        byte[] b = new byte[2 * N];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) r.nextInt(-32768, 32768);
            b[i] = (byte) r.nextInt(-128, 128);
        }
        assertArrayEquals(s, (short[]) run(s, Dtype.CS16, Dtype.CS16, true, false));
        assertArrayEquals(s, (short[]) run(s, Dtype.CS16, Dtype.CS16, false, false));
        assertArrayEquals(b, (byte[]) run(b, Dtype.CS8, Dtype.CS8, true, false));
        byte[] u = new byte[2 * N + 1]; // an odd last u8 makes no sample
        for (int i = 0; i < u.length; i++) {
            u[i] = (byte) (i * 7 + i / 300);
        }
        float[] want = new float[2 * N];
        IntegerWire.CU8.widen(u, 0, want, 0, want.length);
        float[] got = (float[]) run(u, Dtype.U8, Dtype.CF32, true, false);
        assertArrayEquals(want, got, 0f);
        assertArrayEquals(got, (float[]) run(u, Dtype.U8, Dtype.CF32, false, false), 0f);
    }

    /**
     * Two copy streams taking the pages in turn ({@code -Dsigflow.memory.dmaStreams=2}): pieces of neighbouring pages
     * may land out of order, and the nodes must still consume and publish them in ring order, widen and narrow each
     * page on its own stream: the same exact results as above.
     */
    @Test
    void twoCopyStreamsGiveTheSameItems() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        System.setProperty("sigflow.memory.dmaStreams", "2");
        try {
            multiplyConstCrossesPinnedRingsExactlyAsThroughStaging();
            integerStreamsCrossPinnedRingsExactly();
        } finally {
            System.clearProperty("sigflow.memory.dmaStreams");
        }
    }

    /**
     * The memory nodes' threads and DMA waiters pinned to CPUs ({@code -Dsigflow.memory.pinThreads=own}, then
     * {@code pair}, {@link NodeCores}): placement changes no item, so the same exact results as above.
     */
    @Test
    void pinnedNodeThreadsGiveTheSameItems() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        for (String mode : new String[] {"own", "pair"}) {
            System.setProperty("sigflow.memory.pinThreads", mode);
            try {
                multiplyConstCrossesPinnedRingsExactlyAsThroughStaging();
                integerStreamsCrossPinnedRingsExactly();
            } finally {
                System.clearProperty("sigflow.memory.pinThreads");
            }
        }
    }

    /**
     * Rings on huge pages ({@code -Dsigflow.ringHugePages=true}, {@link org.sigflow.runtime.buffer.RingArena}): with
     * 65,536-item pages the memory nodes' rings are 16 MiB (so mapped on 2 MiB pages) and pinned by the DMA there;
     * 2.4 laps of Gaussian samples through multiply_const_cuda must give exactly the items of 4 KiB-page rings, and
     * x·c in double.
     */
    @Test
    void hugePageRingsGiveTheSameItems() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        int n = 5_000_003;
        Random r = new Random(13);
        float[] x = new float[2 * n];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        PortSpec c = new PortSpec("out", Dtype.CF32, 1);
        float[] plain = (float[]) run(x, Dtype.CF32, Dtype.CF32, true, true, c, c, 65536);
        System.setProperty("sigflow.ringHugePages", "true");
        float[] huge;
        try {
            huge = (float[]) run(x, Dtype.CF32, Dtype.CF32, true, true, c, c, 65536);
        } finally {
            System.clearProperty("sigflow.ringHugePages");
        }
        assertArrayEquals(plain, huge, "huge-page and 4 KiB-page rings differ");
        assertEquals(x.length, huge.length);
        for (int i = 0; i < n; i++) {
            double re = 0.5 * x[2 * i] - 0.5 * x[2 * i + 1];
            double im = 0.5 * x[2 * i] + 0.5 * x[2 * i + 1];
            assertEquals(re, huge[2 * i], 1e-6 * (1 + Math.abs(re)), "re " + i);
            assertEquals(im, huge[2 * i + 1], 1e-6 * (1 + Math.abs(im)), "im " + i);
        }
    }

    /**
     * The catalog's null_source zeroes its off-heap ring on the first lap only (the DMA only reads it): over many laps
     * of that ring through h2d → multiply_const_cuda → d2h, every sample that comes back is still zero.
     */
    @Test
    void nullSourceRingStaysZeroOverManyLapsOfTheDma() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        PortSpec c = new PortSpec("out", Dtype.CF32, 1);
        ZeroCountSink sink = new ZeroCountSink(24L << 20); // 4 MiB chunks, 16 MiB rings at these pages: 12 laps
        BlockSetup mul = new BlockSetup("dut", "multiply_const_cuda", Setups.setup("multiply_const_cuda", "type",
                "cf32", "const", Setups.complex(0.5, 0.5), "vlen", 1).params(), List.of(c), List.of(c), Path.of("."));
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "null_source", Setups.create("null_source", "type", "cf32", "vlen", 1),
                        List.of(), List.of(c)),
                new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", "cf32", "vlen", 1,
                        "wire_format", "fp32", "page_items", 65536), List.of(c), List.of(c)),
                new FlowNode("dut", "multiply_const_cuda", Setups.factory("multiply_const_cuda").create(mul),
                        List.of(c), List.of(c)),
                new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "vlen", 1,
                        "wire_format", "fp32", "page_items", 65536), List.of(c), List.of(c)),
                new FlowNode("sink", "zeros", sink, List.of(c), List.of()));
        List<FlowEdge> edges = new ArrayList<>();
        for (int i = 0; i + 1 < nodes.size(); i++) {
            edges.add(new FlowEdge(nodes.get(i).id(), 0, nodes.get(i + 1).id(), 0));
        }
        RunningGraph g = RunningGraph.start(nodes, edges,
                new RunOptions(4096));
        g.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertTrue(sink.sawSegment(), "the sink's ring was not off the heap (no zero-copy)");
        assertTrue(sink.items() >= 24L << 20, "items " + sink.items());
        assertEquals(0, sink.nonZero(), "non-zero samples came back");
    }

    /** {@code src(host) → h2d → [multiply_const_cuda] → d2h → sink(out)}; checks which rings were off the heap. */
    private static Object run(Object data, Dtype host, Dtype out, boolean offHeap, boolean multiply)
            throws Exception {
        PortSpec in = new PortSpec("out", host, 1);
        PortSpec dev = new PortSpec("out", Dtype.CF32, 1);
        System.setProperty("sigflow.memory.zeroCopyMinPage", "0"); // small pages: many pieces, many ring laps
        try {
            return run(data, host, out, offHeap, multiply, in, dev, 3000);
        } finally {
            System.clearProperty("sigflow.memory.zeroCopyMinPage");
        }
    }

    private static Object run(Object data, Dtype host, Dtype out, boolean offHeap, boolean multiply, PortSpec in,
            PortSpec dev, int pageItems) throws Exception {
        PortSpec back = new PortSpec("out", out, 1);
        RingEnds.Source src = new RingEnds.Source(data, 70_001);
        RingEnds.Sink sink = new RingEnds.Sink(out.storage());
        String hostOut = out == Dtype.CF32 ? "same" : out.id();
        List<FlowNode> nodes = new ArrayList<>();
        nodes.add(new FlowNode("src", "array", src, List.of(), List.of(in)));
        nodes.add(new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", host.id(), "device_type", "cf32",
                "vlen", 1, "wire_format", "fp32", "page_items", pageItems), List.of(in), List.of(dev)));
        if (multiply) {
            BlockSetup setup = new BlockSetup("dut", "multiply_const_cuda", Setups.setup("multiply_const_cuda", "type",
                    "cf32", "const", Setups.complex(0.5, 0.5), "vlen", 1).params(), List.of(dev), List.of(dev), Path.of("."));
            nodes.add(new FlowNode("dut", "multiply_const_cuda", Setups.factory("multiply_const_cuda").create(setup),
                    List.of(dev), List.of(dev)));
        }
        nodes.add(new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "host_type", hostOut,
                "vlen", 1, "wire_format", "fp32", "page_items", pageItems), List.of(dev), List.of(back)));
        nodes.add(new FlowNode("sink", "array", sink, List.of(back), List.of()));
        Object got = RingEnds.runLine(nodes, offHeap);
        assertEquals(offHeap, src.sawSegment, "source ring off the heap");
        assertEquals(offHeap, sink.sawSegment, "sink ring off the heap");
        assertTrue(java.lang.reflect.Array.getLength(got) > 0);
        return got;
    }
}
