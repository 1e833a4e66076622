package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Addresses;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.PageRing;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;

/**
 * Small pages in runs on a GPU ({@code @Tag("gpu")}, {@link org.sigflow.cuda.PageRuns}): the memory nodes' staging
 * path copies a run of back-to-back pages at once. The items must be the same bits as with a copy per page
 * ({@code -Dsigflow.cuda.pageRuns=off}) and match x·c in double; narrow wires (a widening and a narrowing kernel over
 * the run) and an integer host stream likewise.
 */
@Tag("gpu")
class GpuPageRunsTest {
    /** Complex samples: source calls of 70,001 items over 1 Ki-item pages (runs of 4 in 16-page rings), a short tail. */
    private static final int N = 200_003;

    @Test
    void aRunRingsPagesSitBackToBackAndShareEvents() {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        Cuda cuda = Cuda.get(0);
        cuda.bindThread();
        PageRing r = PageRing.inRuns(cuda, 16, 1024, 8);
        try {
            assertEquals(4, r.run());
            for (int j = 1; j < 16; j++) {
                long prev = Addresses.of(r.tryAcquire(j - 1).page().ptr());
                assertEquals(prev + 8192, Addresses.of(r.tryAcquire(j).page().ptr()), "page " + j);
                if (j % 4 != 0) {
                    assertSame(r.tryAcquire(j - 1).written(), r.tryAcquire(j).written());
                    assertSame(r.tryAcquire(j - 1).consumed(), r.tryAcquire(j).consumed());
                } else {
                    assertNotSame(r.tryAcquire(j - 1).written(), r.tryAcquire(j).written());
                }
            }
        } finally {
            r.close();
            r.close();
        }
    }

    @Test
    void multiplyChainsGiveTheSameBitsInRunsAsPageByPage() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        float[] x = gaussian(new Random(21), 1);
        for (String fusion : new String[] {"on", "off"}) {
            float[] runs = (float[]) withRuns(true, fusion, () -> run(x, Dtype.CF32, Dtype.CF32, "fp32", 2));
            float[] pages = (float[]) withRuns(false, fusion, () -> run(x, Dtype.CF32, Dtype.CF32, "fp32", 2));
            assertArrayEquals(pages, runs, "fusion " + fusion + ": runs and page-by-page differ");
            assertEquals(x.length, runs.length);
            for (int i = 0; i < x.length; i++) { // (a + jb)(0.5 + 0.5j)^2 = (a + jb) * 0.5j = -b/2 + ja/2, in double
                double want = i % 2 == 0 ? -0.5 * x[i + 1] : 0.5 * x[i - 1];
                assertEquals(want, runs[i], 1e-6 * (1 + Math.abs(want)), "element " + i);
            }
        }
    }

    @Test
    void narrowWiresAndIntegerStreamsGiveTheSameItemsInRuns() throws Exception {
        Assumptions.assumeTrue(Cuda.available(), "no CUDA device");
        Random rnd = new Random(22);
        float[] x = gaussian(rnd, 0.3);
        for (String wire : new String[] {"int16", "fp16", "int8"}) {
            float[] runs = (float[]) withRuns(true, "on", () -> run(x, Dtype.CF32, Dtype.CF32, wire, 0));
            float[] pages = (float[]) withRuns(false, "on", () -> run(x, Dtype.CF32, Dtype.CF32, wire, 0));
            assertArrayEquals(pages, runs, wire + ": runs and page-by-page differ");
            WireFormat f = WireFormat.fromId(wire);
            for (int i = 0; i < x.length; i++) { // the format's own rounding, once each way
                assertEquals(f.roundTrip(x[i]), runs[i], 1e-6, wire + " " + i);
            }
        }
        short[] s = new short[2 * N];
        for (int i = 0; i < s.length; i++) {
            s[i] = (short) rnd.nextInt(-32768, 32768);
        }
        assertArrayEquals(s, (short[]) withRuns(true, "on", () -> run(s, Dtype.CS16, Dtype.CS16, "fp32", 0)));
    }

    /** N complex samples, each part Gaussian of deviation {@code sigma}. */
    private static float[] gaussian(Random rnd, double sigma) {
        float[] x = new float[2 * N];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (sigma * rnd.nextGaussian());
        }
        return x;
    }

    private interface Line {
        Object get() throws Exception;
    }

    private static Object withRuns(boolean runs, String fusion, Line line) throws Exception {
        System.setProperty("sigflow.cuda.pageRuns", runs ? "on" : "off");
        System.setProperty("sigflow.cuda.fusion", fusion);
        try {
            return line.get();
        } finally {
            System.clearProperty("sigflow.cuda.pageRuns");
            System.clearProperty("sigflow.cuda.fusion");
        }
    }

    /** {@code src → h2d → k × multiply_const_cuda (0.5 + 0.5j) → d2h → sink} on heap rings (the staging path). */
    private static Object run(Object data, Dtype host, Dtype out, String wire, int multiplies) throws Exception {
        PortSpec in = new PortSpec("out", host, 1);
        PortSpec dev = new PortSpec("out", Dtype.CF32, 1);
        PortSpec back = new PortSpec("out", out, 1);
        List<FlowNode> nodes = new ArrayList<>();
        nodes.add(new FlowNode("src", "array", new RingEnds.Source(data, 70_001), List.of(), List.of(in)));
        nodes.add(new FlowNode("h2d", "memory_h2d", Setups.create("memory_h2d", "type", host.id(), "device_type", "cf32",
                "vlen", 1, "wire_format", wire, "page_items", 1024), List.of(in), List.of(dev)));
        for (int k = 0; k < multiplies; k++) {
            BlockSetup setup = new BlockSetup("m" + k, "multiply_const_cuda", Setups.setup("multiply_const_cuda",
                    "type", "cf32", "const", Setups.complex(0.5, 0.5), "vlen", 1).params(), List.of(dev), List.of(dev),
                    Path.of("."));
            nodes.add(new FlowNode("m" + k, "multiply_const_cuda", Setups.factory("multiply_const_cuda").create(setup),
                    List.of(dev), List.of(dev)));
        }
        nodes.add(new FlowNode("d2h", "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "host_type",
                out == Dtype.CF32 ? "same" : out.id(), "vlen", 1, "wire_format", wire, "page_items", 1024),
                List.of(dev), List.of(back)));
        nodes.add(new FlowNode("sink", "array", new RingEnds.Sink(out.storage()), List.of(back), List.of()));
        return RingEnds.runLine(nodes, false);
    }
}
