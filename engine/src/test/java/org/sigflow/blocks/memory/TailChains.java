package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockSetup;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;

/**
 * Decimating blocks between memory nodes whose CPU rings may live off the heap (zero-copy at pages from the
 * {@code sigflow.memory.zeroCopyMinPage} minimum), with a short last page: {@code src → h2d → <id>_cuda → one d2h per
 * output → sinks}, against the CPU twin {@code src → <id> → sinks} on the same cf32 samples. Every output must have
 * exactly the twin's item count (the short last page's items too) and its values within the case's tolerance. On a
 * GPU the chain runs there; without one the memory nodes pass samples through and the CUDA id is its CPU twin.
 */
final class TailChains {
    private TailChains() {}

    /** A block id, its params, its output count and the largest relative error allowed. */
    record Case(String name, String id, int outputs, double tolerance, Object... params) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        float[] taps = new float[16 * 8];
        for (int i = 0; i < taps.length; i++) {
            taps[i] = (float) Math.sin(Math.PI * (i + 0.5) / taps.length) / 8;
        }
        return List.of(
                new Case("pfb_channelizer 8", "pfb_channelizer", 8, 2e-5, "nchans", 8, "taps",
                        Setups.realList(taps), "osr", 1.0),
                new Case("pfb_channelizer_hier 8, outchans 6 1 3", "pfb_channelizer_hier", 3, 2e-5, "nchans", 8,
                        "taps", Setups.realList(taps), "outchans", Setups.realList(6, 1, 3), "atten", 100.0, "bw",
                        1.0, "tb", 0.2, "ripple", 0.1),
                new Case("fir_filter cf32 decim 4", "fir_filter", 1, 1e-5, "io_type", "cf32", "taps_type", "real",
                        "decimation", 4, "taps_mode", "explicit", "taps", Setups.realList(0.5f, 0.25f, -0.125f,
                        0.3f, 0.1f), "filter", "low_pass", "samp_rate", 32000.0, "cutoff", 4000.0, "low_cutoff",
                        2000.0, "high_cutoff", 6000.0, "transition_width", 1000.0, "window", "hamming", "beta", 6.76,
                        "gain", 1.0),
                new Case("keep_m_in_n cf32 3 of 8 from 2", "keep_m_in_n", 1, 0, "type", "cf32", "m", 3, "n", 8,
                        "offset", 2, "vlen", 1));
    }

    /** Gaussian cf32 samples (σ = 0.3), {@code items} of them, seeded. */
    static float[] samples(int items, long seed) {
        Random r = new Random(seed);
        float[] x = new float[2 * items];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian() * 0.3f;
        }
        return x;
    }

    /**
     * Runs the case both ways on {@code x} and asserts every output's count and values; {@code pageItems} is the
     * memory nodes' input page (a multiple of 8, so the channelizers' steps are whole).
     */
    static void check(Case c, float[] x, int pageItems) throws Exception {
        float[][] twin = run(c, x, 0);
        float[][] chain = run(c, x, pageItems);
        for (int k = 0; k < c.outputs(); k++) {
            assertEquals(twin[k].length, chain[k].length, c + ": output " + k + " elements (the short last page too)");
            assertTrue(twin[k].length > 0, c + ": output " + k + " is empty");
            double num = 0;
            double den = 0;
            for (int i = 0; i < twin[k].length; i++) {
                double d = chain[k][i] - (double) twin[k][i];
                num += d * d;
                den += (double) twin[k][i] * twin[k][i];
            }
            double err = Math.sqrt(num / Math.max(den, 1e-300));
            assertTrue(err <= Math.max(c.tolerance(), 1e-7), c + ": output " + k + " relative error " + err);
        }
    }

    /** The outputs of the case's CPU twin alone on {@code x}. */
    static float[][] twin(Case c, float[] x) throws Exception {
        return run(c, x, 0);
    }

    /** The case's outputs: its CPU twin alone ({@code pageItems} 0) or its CUDA id between memory nodes. */
    private static float[][] run(Case c, float[] x, int pageItems) throws Exception {
        PortSpec p = new PortSpec("p", Dtype.CF32, 1);
        List<PortSpec> outs = Collections.nCopies(c.outputs(), p);
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        nodes.add(new FlowNode("src", "array", new RingEnds.Source(x, 70_001), List.of(), List.of(p)));
        String id = pageItems == 0 ? c.id() : c.id() + "_cuda";
        BlockSetup s = new BlockSetup("dut", id, Setups.setup(id, c.params()).params(), List.of(p), outs, Path.of("."));
        Block dut = Setups.factory(id).create(s);
        nodes.add(new FlowNode("dut", id, dut, List.of(p), outs));
        if (pageItems == 0) {
            edges.add(new FlowEdge("src", 0, "dut", 0));
        } else {
            nodes.add(new FlowNode("h2d", "memory_h2d", memory("memory_h2d", pageItems), List.of(p), List.of(p)));
            edges.add(new FlowEdge("src", 0, "h2d", 0));
            edges.add(new FlowEdge("h2d", 0, "dut", 0));
        }
        List<RingEnds.Sink> sinks = new ArrayList<>();
        for (int k = 0; k < c.outputs(); k++) {
            RingEnds.Sink sink = new RingEnds.Sink(Dtype.Storage.FLOAT);
            sinks.add(sink);
            nodes.add(new FlowNode("sink" + k, "array", sink, List.of(p), List.of()));
            if (pageItems == 0) {
                edges.add(new FlowEdge("dut", k, "sink" + k, 0));
            } else {
                nodes.add(new FlowNode("d2h" + k, "memory_d2h", memory("memory_d2h", pageItems), List.of(p),
                        List.of(p)));
                edges.add(new FlowEdge("dut", k, "d2h" + k, 0));
                edges.add(new FlowEdge("d2h" + k, 0, "sink" + k, 0));
            }
        }
        DownloadGroups.apply(nodes, edges);
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(4096));
        RunOutcome o = g.await(Duration.ofSeconds(120)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(RunOutcome.Kind.COMPLETED, o.kind(), () -> c + ": " + o.failure());
        float[][] got = new float[c.outputs()][];
        for (int k = 0; k < got.length; k++) {
            got[k] = (float[]) sinks.get(k).items();
        }
        return got;
    }

    private static Block memory(String id, int pageItems) throws Exception {
        return Setups.create(id, "type", "cf32", "vlen", 1, "wire_format", "fp32", "page_items", pageItems);
    }
}
