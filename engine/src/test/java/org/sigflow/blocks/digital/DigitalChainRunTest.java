package org.sigflow.blocks.digital;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
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

    @Test
    void modulatedBitsThroughSymbolSyncEnd() throws Exception {
        PortSpec u8 = new PortSpec("out", Dtype.U8, 1);
        PortSpec u8in = new PortSpec("in", Dtype.U8, 1);
        PortSpec c = new PortSpec("out", Dtype.CF32, 1);
        PortSpec cin = new PortSpec("in", Dtype.CF32, 1);
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "glfsr_source", Setups.create("glfsr_source", "type", "u8", "degree", 15,
                        "repeat", true, "mask", 0, "seed", 1), List.of(), List.of(u8)),
                new FlowNode("mod", "constellation_modulator", Setups.create("constellation_modulator",
                        "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                        "dimensionality", 1, "normalization", "amplitude", "differential", true,
                        "samples_per_symbol", 4.0, "excess_bw", 0.35, "truncate", false), List.of(u8in), List.of(c)),
                new FlowNode("sync", "symbol_sync", Setups.create("symbol_sync", "type", "cf32", "ted_type", "gardner",
                        "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                        "dimensionality", 1, "normalization", "amplitude", "sps", 4.0, "ted_gain", 0.5,
                        "loop_bw", 0.045, "damping", 1.0, "max_dev", 1.5, "osps", 1, "resamp_type", "mmse_8tap",
                        "nfilters", 128), List.of(cin), List.of(c)),
                new FlowNode("head", "head", Setups.create("head", "type", "cf32", "vlen", 1, "num_items", 50_000),
                        List.of(cin), List.of(c)),
                new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", "cf32", "vlen", 1),
                        List.of(cin), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "mod", 0),
                new FlowEdge("mod", 0, "sync", 0), new FlowEdge("sync", 0, "head", 0),
                new FlowEdge("head", 0, "sink", 0)), new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(2 * 50_000, ((VectorSink.Collector) g.block("sink")).floats().length);
    }

    /**
     * As imported from GRC: pack_k_bits before the modulator, and symbol_sync with its three optional error/period
     * outputs left unconnected. The endless source must stop once head ends; before the fix the runner waited for
     * readers of the unconnected outputs and the graph never ended.
     */
    @Test
    void endsWhenSymbolSyncHasUnconnectedOptionalOutputs() throws Exception {
        PortSpec u8 = new PortSpec("out", Dtype.U8, 1);
        PortSpec u8in = new PortSpec("in", Dtype.U8, 1);
        PortSpec c = new PortSpec("out", Dtype.CF32, 1);
        PortSpec cin = new PortSpec("in", Dtype.CF32, 1);
        PortSpec f = new PortSpec("out", Dtype.F32, 1);
        List<FlowNode> nodes = List.of(
                new FlowNode("src", "glfsr_source", Setups.create("glfsr_source", "type", "u8", "degree", 15,
                        "repeat", true, "mask", 0, "seed", 1), List.of(), List.of(u8)),
                new FlowNode("pack", "pack_k_bits", Setups.create("pack_k_bits", "k", 8), List.of(u8in),
                        List.of(u8)),
                new FlowNode("mod", "constellation_modulator", Setups.create("constellation_modulator",
                        "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                        "dimensionality", 1, "normalization", "amplitude", "differential", true,
                        "samples_per_symbol", 4.0, "excess_bw", 0.35, "truncate", false), List.of(u8in), List.of(c)),
                new FlowNode("sync", "symbol_sync", Setups.create("symbol_sync", "type", "cf32", "ted_type", "gardner",
                        "constellation", "qpsk", "points", Setups.realList(), "symbol_map", Setups.realList(),
                        "dimensionality", 1, "normalization", "amplitude", "sps", 4.0, "ted_gain", 0.5,
                        "loop_bw", 0.045, "damping", 1.0, "max_dev", 1.5, "osps", 1, "resamp_type", "mmse_8tap",
                        "nfilters", 128), List.of(cin), List.of(c, f, f, f)),
                new FlowNode("head", "head", Setups.create("head", "type", "cf32", "vlen", 1, "num_items", 50_000),
                        List.of(cin), List.of(c)),
                new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", "cf32", "vlen", 1),
                        List.of(cin), List.of()));
        RunningGraph g = RunningGraph.start(nodes, List.of(new FlowEdge("src", 0, "pack", 0),
                new FlowEdge("pack", 0, "mod", 0),
                new FlowEdge("mod", 0, "sync", 0), new FlowEdge("sync", 0, "head", 0),
                new FlowEdge("head", 0, "sink", 0)), new RunOptions(4096));
        g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
        assertEquals(2 * 50_000, ((VectorSink.Collector) g.block("sink")).floats().length);
    }
}
