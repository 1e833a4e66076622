package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunningGraph;

/** The runtime runs glfsr → constellation modulator → symbol sync → head → sink to its end (rings, not a harness). */
class DigitalChainRunTest {
    private static final PortSpec U8 = new PortSpec("out", Dtype.U8, 1);
    private static final PortSpec U8_IN = new PortSpec("in", Dtype.U8, 1);
    private static final PortSpec C = new PortSpec("out", Dtype.CF32, 1);
    private static final PortSpec C_IN = new PortSpec("in", Dtype.CF32, 1);
    private static final PortSpec F = new PortSpec("out", Dtype.F32, 1);

    @Test
    void modulatedBitsThroughSymbolSyncEnd() throws Exception {
        runToEnd(false, List.of(C));
    }

    /**
     * As imported from GRC: pack_k_bits before the modulator, and symbol_sync with its three optional error/period
     * outputs left unconnected. The endless source must stop once head ends; before the fix the runner waited for
     * readers of the unconnected outputs and the graph never ended.
     */
    @Test
    void endsWhenSymbolSyncHasUnconnectedOptionalOutputs() throws Exception {
        runToEnd(true, List.of(C, F, F, F));
    }

    private static void runToEnd(boolean pack, List<PortSpec> syncOutputs) throws Exception {
        List<FlowNode> nodes = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        nodes.add(new FlowNode("src", "glfsr_source", Setups.create("glfsr_source", "type", "u8", "degree", 15,
                "repeat", true, "mask", 0, "seed", 1), List.of(), List.of(U8)));
        if (pack) {
            nodes.add(new FlowNode("pack", "pack_k_bits", Setups.create("pack_k_bits", "k", 8), List.of(U8_IN),
                    List.of(U8)));
            edges.add(new FlowEdge("src", 0, "pack", 0));
        }
        edges.add(new FlowEdge(pack ? "pack" : "src", 0, "mod", 0));
        nodes.add(new FlowNode("mod", "constellation_modulator", Setups.create("constellation_modulator",
                "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                "dimensionality", 1, "normalization", "amplitude", "differential", true,
                "samples_per_symbol", 4.0, "excess_bw", 0.35, "truncate", false), List.of(U8_IN), List.of(C)));
        nodes.add(new FlowNode("sync", "symbol_sync", Setups.create("symbol_sync", "type", "cf32", "ted_type",
                "gardner", "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                "dimensionality", 1, "normalization", "amplitude", "sps", 4.0, "ted_gain", 0.5,
                "loop_bw", 0.045, "damping", 1.0, "max_dev", 1.5, "osps", 1, "resamp_type", "mmse_8tap",
                "nfilters", 128), List.of(C_IN), syncOutputs));
        nodes.add(new FlowNode("head", "head", Setups.create("head", "type", "cf32", "vlen", 1, "num_items", 50_000),
                List.of(C_IN), List.of(C)));
        nodes.add(new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", "cf32", "vlen", 1),
                List.of(C_IN), List.of()));
        edges.add(new FlowEdge("mod", 0, "sync", 0));
        edges.add(new FlowEdge("sync", 0, "head", 0));
        edges.add(new FlowEdge("head", 0, "sink", 0));
        RunningGraph g = RunningGraph.start(nodes, edges, new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(2 * 50_000, ((VectorSink.Collector) g.block("sink")).floats().length);
    }
}
