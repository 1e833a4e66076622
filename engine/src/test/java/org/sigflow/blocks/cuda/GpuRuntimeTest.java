package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.cuda.Cuda;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.OutputView;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.WorkIo;
import org.sigflow.runtime.WorkResult;

/**
 * The CUDA runtime's life cycle on a GPU ({@code @Tag("gpu")}): parameters changed while pages are in flight take
 * effect from the next page (a constant; FIR taps with both methods), a graph stopped mid-stream ends cleanly, and
 * a second run reuses the first run's pooled device pages (no new device allocation).
 */
@org.junit.jupiter.api.Tag("gpu")
class GpuRuntimeTest {
    private static final PortSpec CF32 = TwinChains.cf32(1);
    private static final int HALF = 40_960; // ten pages of 4096

    @BeforeAll
    static void device() {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
    }

    /** Emits x; stops after {@code gateAt} items until {@link #open} (lets a test act between two known halves). */
    static final class GatedSource implements Block {
        final float[] x;
        final int gateAt;
        volatile boolean open;
        int next;

        GatedSource(float[] x, int gateAt) {
            this.x = x;
            this.gateAt = gateAt;
        }

        @Override
        public WorkResult work(WorkIo io) {
            OutputView out = io.out(0);
            int limit = open ? x.length / 2 : gateAt;
            int n = Math.min(out.space(), limit - next);
            if (n <= 0) {
                return next >= x.length / 2 ? WorkResult.DONE : WorkResult.CONTINUE;
            }
            System.arraycopy(x, 2 * next, out.floats(), out.offset(), 2 * n);
            io.produce(0, n);
            next += n;
            return next >= x.length / 2 ? WorkResult.DONE : WorkResult.CONTINUE;
        }
    }

    private static RunningGraph chain(Block source, String cudaId, Map<String, Value> params) throws Exception {
        return chain(source, cudaId, params, Setups.create("vector_sink", "type", "cf32", "vlen", 1));
    }

    private static RunningGraph chain(Block source, String cudaId, Map<String, Value> params, Block sink)
            throws Exception {
        Block dut = Setups.factory(cudaId).create(new BlockSetup("dut", cudaId, params, List.of(CF32), List.of(CF32),
                Path.of(".")));
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "gated", source, List.of(), List.of(CF32)),
                new FlowNode("h2d", "memory_h2d", memory("memory_h2d"), List.of(CF32), List.of(CF32)),
                new FlowNode("dut", cudaId, dut, List.of(CF32), List.of(CF32)),
                new FlowNode("d2h", "memory_d2h", memory("memory_d2h"), List.of(CF32), List.of(CF32)),
                new FlowNode("sink", "sink", sink, List.of(CF32), List.of()));
        return RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "h2d", 0), new FlowEdge("h2d", 0, "dut", 0),
                new FlowEdge("dut", 0, "d2h", 0), new FlowEdge("d2h", 0, "sink", 0)), new RunOptions(32768));
    }

    private static Block memory(String id) throws Exception {
        return Setups.create(id, "type", "cf32", "vlen", 1, "wire_format", "fp32", "page_items", 4096);
    }

    /** Runs the gated chain: first half, then {@code change}, then the second half; returns the sink's samples. */
    private static float[] runWithChange(float[] x, String cudaId, Map<String, Value> params, String param,
                                         Value value) throws Exception {
        GatedSource src = new GatedSource(x, HALF);
        RunningGraph g = chain(src, cudaId, params);
        VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (sink.count() < HALF && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertEquals(HALF, sink.count(), "the first half went through before the change");
        g.setParam("dut", param, value).get();
        src.open = true;
        RunOutcome o = g.await(Duration.ofSeconds(30)).orElseThrow();
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> String.valueOf(o.failure()));
        return sink.floats();
    }

    @Test
    void aConstantChangedWhileRunningAppliesFromTheNextPage() throws Exception {
        float[] x = TwinChains.random(CF32, 2 * HALF, 3);
        float[] y = runWithChange(x, "multiply_const_cuda",
                TwinChains.params("type", "cf32", "const", Setups.complex(1, 0), "vlen", 1), "const", Value.of(0, 2));
        for (int i = 0; i < 2 * HALF; i++) {
            float re = x[2 * i];
            float im = x[2 * i + 1];
            float wantRe = i < HALF ? re : -2 * im;
            float wantIm = i < HALF ? im : 2 * re;
            assertEquals(wantRe, y[2 * i], 1e-6f, "re " + i);
            assertEquals(wantIm, y[2 * i + 1], 1e-6f, "im " + i);
        }
    }

    @Test
    void firTapsChangedWhileRunningApplyFromTheNextPageWithBothMethods() throws Exception {
        for (String method : List.of("tiled", "fft")) {
            System.setProperty("sigflow.cuda.fir", method);
            try {
                float[] x = TwinChains.random(CF32, 2 * HALF, 5);
                float[] y = runWithChange(x, "fir_filter_cuda", TwinChains.params("io_type", "cf32",
                        "taps_type", "real", "decimation", 1, "taps_mode", "explicit",
                        "taps", Setups.realList(1f, 0f, 0f), "filter", "low_pass", "samp_rate", 32000.0,
                        "cutoff", 4000.0, "low_cutoff", 2000.0, "high_cutoff", 6000.0, "transition_width", 1000.0,
                        "window", "hamming", "beta", 6.76, "gain", 1.0), "taps", Setups.realList(0f, 0f, 2f));
                for (int i = 0; i < 2 * HALF; i++) {
                    for (int c = 0; c < 2; c++) {
                        float want = i < HALF ? x[2 * i + c] : 2 * x[2 * (i - 2) + c]; // history runs on
                        assertEquals(want, y[2 * i + c], 2e-6f, method + " item " + i);
                    }
                }
            } finally {
                System.clearProperty("sigflow.cuda.fir");
            }
        }
    }

    /** An endless source: stop after a while, twice; the second run allocates no new device memory. */
    @Test
    void aStoppedGraphEndsCleanlyAndTheNextRunReusesThePooledPages() throws Exception {
        long[] allocated = new long[2];
        for (int run = 0; run < 2; run++) {
            Block endless = Setups.create("null_source", "type", "cf32", "vlen", 1);
            RunningGraph g = chain(endless, "fir_filter_cuda", TwinChains.params("io_type", "cf32", "taps_type",
                    "real", "decimation", 1, "taps_mode", "explicit", "taps", Setups.realList(0.5f, 0.5f),
                    "filter", "low_pass", "samp_rate", 32000.0, "cutoff", 4000.0, "low_cutoff", 2000.0,
                    "high_cutoff", 6000.0, "transition_width", 1000.0, "window", "hamming", "beta", 6.76,
                    "gain", 1.0), Setups.create("null_sink", "type", "cf32", "vlen", 1));
            Thread.sleep(300);
            g.stop();
            RunOutcome o = g.await(Duration.ofSeconds(5)).orElseThrow(() -> new AssertionError("did not stop"));
            assertEquals(RunOutcome.Kind.STOPPED, o.kind(), () -> String.valueOf(o.failure()));
            long through = g.metrics().stream().filter(m -> m.id().equals("sink")).findFirst().orElseThrow().itemsIn();
            assertTrue(through > 10 * 4096, "pages went through: " + through);
            allocated[run] = Cuda.get().devicePool().allocatedBytes();
        }
        assertEquals(allocated[0], allocated[1], "the second run took every device page from the pool");
    }
}
