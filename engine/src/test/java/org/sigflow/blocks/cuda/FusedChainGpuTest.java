package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Nvrtc;
import org.sigflow.expr.Value;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;

/**
 * Fused element-wise chains on a GPU ({@code @Tag("gpu")}): each chain runs fused (one NVRTC kernel) and unfused
 * (a kernel per block); both match the CPU twins, the fused output has the unfused one's bits (the generated
 * kernel keeps real products out of FMAs: FusedSource), tags arrive at the same offsets, and every member shows the fused mark and
 * its share of the kernel time. The three launch paths (graph replay, FFM, JCuda) give bit-identical unfused output.
 */
@org.junit.jupiter.api.Tag("gpu")
class FusedChainGpuTest {
    private static final PortSpec C = TwinChains.cf32(1);
    private static final PortSpec R = TwinChains.f32(1);
    private static final int ITEMS = 10 * 4096 + 1234; // ten 4 Ki pages and a short last one
    private static final int PAGE = 4096;

    private record Stage(String cpuId, Map<String, Value> params, List<PortSpec> ins, PortSpec out) {}

    private static Stage st(String cpuId, PortSpec in, PortSpec out, Object... kv) {
        return new Stage(cpuId, Setups.setup(cpuId, kv).params(), List.of(in), out);
    }

    @BeforeAll
    static void device() {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        System.out.println("NVRTC: " + Nvrtc.get().library());
    }

    @Test
    void fourComplexConstOpsAndAConjugate() throws Exception {
        check("mul-add-conj-mul", List.of(
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.5, 0.5), "vlen", 1),
                st("add_const", C, C, "type", "cf32", "const", Setups.complex(0.1, -0.2), "vlen", 1),
                st("conjugate", C, C, "vlen", 1),
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(2, -1), "vlen", 1)), 1);
    }

    @Test
    void aMagnitudeConvertsToRealInsideTheChain() throws Exception {
        check("mul-mag-gain-offset", List.of(
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.3, 0.9), "vlen", 1),
                st("complex_to_mag", C, R, "vlen", 1),
                st("multiply_const", R, R, "type", "f32", "const", 3.0, "vlen", 1),
                st("add_const", R, R, "type", "f32", "const", -0.5, "vlen", 1)), 1);
        check("conj-mag^3", List.of(
                st("conjugate", C, C, "vlen", 1),
                st("magnitude", C, R, "exponent", 3, "vlen", 1)), 1);
    }

    /** The issue-9 twins as stages: arg, real and imag end a complex chain, abs continues a real one. */
    @Test
    void argRealImagAndAbsFuse() throws Exception {
        check("mul-arg-abs-gain", List.of(
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.3, 0.9), "vlen", 1),
                st("complex_to_arg", C, R, "vlen", 1),
                st("abs", R, R, "type", "f32", "vlen", 1),
                st("multiply_const", R, R, "type", "f32", "const", 0.5, "vlen", 1)), 1);
        check("conj-imag-abs", List.of(
                st("conjugate", C, C, "vlen", 1),
                st("complex_to_imag", C, R, "vlen", 1),
                st("abs", R, R, "type", "f32", "vlen", 1)), 1);
        check("offset-real-offset", List.of(
                st("add_const", C, C, "type", "cf32", "const", Setups.complex(0.25, -1), "vlen", 1),
                st("complex_to_real", C, R, "vlen", 1),
                st("add_const", R, R, "type", "f32", "const", -0.25, "vlen", 1)), 1);
    }

    @Test
    void aTwoInputMultiplyHeadsAChain() throws Exception {
        Stage mul = new Stage("multiply", Setups.setup("multiply", "type", "cf32", "num_inputs", 2, "vlen", 1).params(),
                List.of(C, C), C);
        check("multiply2-mul-add", List.of(mul,
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.7, -0.1), "vlen", 1),
                st("add_const", C, C, "type", "cf32", "const", Setups.complex(0.01, 0.02), "vlen", 1)), 2);
    }

    @Test
    void subtractAndDivideHeadAChain() throws Exception {
        Stage sub = new Stage("subtract", Setups.setup("subtract", "type", "cf32", "num_inputs", 3, "vlen", 1).params(),
                List.of(C, C, C), C);
        check("subtract3-mul-arg", List.of(sub,
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.7, -0.1), "vlen", 1),
                st("complex_to_arg", C, R, "vlen", 1)), 3);
        Stage div = new Stage("divide", Setups.setup("divide", "type", "cf32", "num_inputs", 2, "vlen", 1).params(),
                List.of(C, C), C);
        check("divide2-add-real", List.of(div,
                st("add_const", C, C, "type", "cf32", "const", Setups.complex(0.01, 0.02), "vlen", 1),
                st("complex_to_real", C, R, "vlen", 1)), 2);
    }

    @Test
    void theThreeLaunchPathsGiveTheSameSamples() throws Exception {
        List<Stage> chain = List.of(
                st("multiply_const", C, C, "type", "cf32", "const", Setups.complex(0.5, 0.5), "vlen", 1),
                st("add_const", C, C, "type", "cf32", "const", Setups.complex(0.1, -0.2), "vlen", 1));
        float[][] x = inputs(1);
        List<float[]> outs = new ArrayList<>();
        for (String path : List.of("graph", "ffm", "jcuda")) {
            System.setProperty("sigflow.cuda.launch", path);
            try {
                Run r = gpu(chain, x, false);
                assertEquals(RunOutcome.Kind.COMPLETED, r.outcome.kind(), () -> path + ": " + r.outcome.failure());
                outs.add(r.values);
                BlockMetrics m = r.metric("s0");
                System.out.printf("launch path %-5s: %d pages, %d timed, graph pages %s%n", path, m.workCalls(),
                        (long) (double) m.extra().getOrDefault("pages_timed", 0.0), m.extra().get("graph_pages"));
                if (path.equals("graph")) {
                    assertTrue(m.extra().getOrDefault("graph_pages", 0.0) > 0, "pages were replayed as CUDA graphs");
                }
                assertTrue(m.extra().get("kernel_ms") > 0, path + ": kernel time measured");
            } finally {
                System.clearProperty("sigflow.cuda.launch");
            }
        }
        assertArrayEquals(outs.get(1), outs.get(0), "graph replay = FFM launches");
        assertArrayEquals(outs.get(2), outs.get(0), "graph replay = JCuda launches");
    }

    private static float[][] inputs(int n) {
        float[][] x = new float[n][];
        for (int i = 0; i < n; i++) {
            x[i] = TwinChains.random(C, ITEMS, 31 + i);
        }
        return x;
    }

    private static void check(String name, List<Stage> chain, int inputs) throws Exception {
        float[][] x = inputs(inputs);
        Run cpu = cpu(chain, x);
        Run unfused = gpu(chain, x, false);
        Run fused = gpu(chain, x, true);
        for (Run r : List.of(unfused, fused)) {
            assertEquals(RunOutcome.Kind.COMPLETED, r.outcome.kind(), () -> String.valueOf(r.outcome.failure()));
            assertEquals(cpu.values.length, r.values.length, "every item arrives, the short last page too");
        }
        int differing = 0;
        double maxDiff = 0;
        double scale = 0;
        for (int i = 0; i < fused.values.length; i++) {
            differing += Float.floatToIntBits(fused.values[i]) != Float.floatToIntBits(unfused.values[i]) ? 1 : 0;
            maxDiff = Math.max(maxDiff, Math.abs(fused.values[i] - unfused.values[i]));
            scale = Math.max(scale, Math.abs(unfused.values[i]));
        }
        double errU = TwinChains.relativeError(unfused.values, cpu.values);
        double errF = TwinChains.relativeError(fused.values, cpu.values);
        System.out.printf("%-22s fused vs unfused: %d of %d samples differ in any bit, max |diff| %.2e (scale %.2e); "
                + "vs CPU twins: unfused %.2e, fused %.2e%n", name, differing, fused.values.length, maxDiff, scale, errU, errF);
        assertEquals(0, differing, name + ": fused differs from unfused (max " + maxDiff + ")");
        assertTrue(errU <= 1e-6 && errF <= 1e-6, name + ": against the CPU twins " + errU + " / " + errF);
        assertEquals(unfused.tags, fused.tags, "tags pass a fused chain at the same offsets");
        assertEquals(cpu.tags, fused.tags, "and at the CPU twins' offsets");
        double share = -1;
        for (int s = 0; s < chain.size(); s++) {
            Map<String, Double> e = fused.metric("s" + s).extra();
            assertEquals((double) chain.size(), e.get("fused"), "each member is marked fused, with the chain's size");
            assertTrue(e.get("kernel_ms") > 0, "the fused kernel is timed");
            if (share >= 0) {
                assertEquals(share, e.get("kernel_ms"), share * 1e-9 + 1e-12, "the kernel time is split evenly");
            }
            share = e.get("kernel_ms");
            assertTrue(!unfused.metric("s" + s).extra().containsKey("fused"), "unfused blocks are not marked");
        }
    }

    private record Run(float[] values, List<Long> tags, RunOutcome outcome, List<BlockMetrics> metrics) {
        BlockMetrics metric(String id) {
            return metrics.stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
        }
    }

    private static Run cpu(List<Stage> chain, float[][] x) throws Exception {
        return run(chain, x, false, false);
    }

    private static Run gpu(List<Stage> chain, float[][] x, boolean fuse) throws Exception {
        return run(chain, x, true, fuse);
    }

    private static Run run(List<Stage> chain, float[][] x, boolean gpu, boolean fuse) throws Exception {
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        Stage head = chain.getFirst();
        for (int i = 0; i < x.length; i++) {
            PortSpec p = head.ins().get(i);
            nodes.add(new FlowNode("src" + i, "array_source", new TwinChains.ArraySource(x[i], p.itemSize(), 1000),
                    List.of(), List.of(p)));
            if (gpu) {
                nodes.add(new FlowNode("h2d" + i, "memory_h2d", memory("memory_h2d", p), List.of(p), List.of(p)));
                edges.add(new FlowEdge("src" + i, 0, "h2d" + i, 0));
                edges.add(new FlowEdge("h2d" + i, 0, "s0", i));
            } else {
                edges.add(new FlowEdge("src" + i, 0, "s0", i));
            }
        }
        for (int s = 0; s < chain.size(); s++) {
            Stage st = chain.get(s);
            String type = gpu ? st.cpuId() + "_cuda" : st.cpuId();
            nodes.add(new FlowNode("s" + s, type, Setups.factory(type).create(new BlockSetup("s" + s, type, st.params(),
                    st.ins(), List.of(st.out()), Path.of("."))), st.ins(), List.of(st.out())));
            if (s > 0) {
                edges.add(new FlowEdge("s" + (s - 1), 0, "s" + s, 0));
            }
        }
        PortSpec out = chain.getLast().out();
        String last = "s" + (chain.size() - 1);
        if (gpu) {
            nodes.add(new FlowNode("d2h", "memory_d2h", memory("memory_d2h", out), List.of(out), List.of(out)));
            edges.add(new FlowEdge(last, 0, "d2h", 0));
            last = "d2h";
        }
        nodes.add(new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", out.dtype().id(), "vlen", 1),
                List.of(out), List.of()));
        edges.add(new FlowEdge(last, 0, "sink", 0));
        if (fuse) {
            List<List<String>> fused = CudaFusion.apply(nodes, edges);
            assertEquals(1, fused.size(), "the chain is fused: " + fused);
            assertEquals(chain.size(), fused.getFirst().size());
        }
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(32768));
        RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
        return new Run(sink.floats(), sink.tags().stream().map(Tag::offset).toList(), o, g.metrics());
    }

    private static org.sigflow.runtime.Block memory(String id, PortSpec p) throws Exception {
        return Setups.create(id, "type", p.dtype().id(), "vlen", p.vlen(), "wire_format", "fp32", "page_items", PAGE);
    }
}
