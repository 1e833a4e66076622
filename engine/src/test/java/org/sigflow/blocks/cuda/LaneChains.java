package org.sigflow.blocks.cuda;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sigflow.blocks.Setups;
import org.sigflow.blocks.sinks.VectorSink;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.runtime.Tag;

/**
 * The 512-point FFT stream (cf32 vectors of 512, a tag every {@code TAG_EVERY} items) run several ways on the real
 * scheduler, each block on a chosen GPU: one chain, a split/merge over lanes on the GPU side, and one over lanes on
 * the host side (a memory node pair per lane). Without CUDA every one of them runs on the CPU twins.
 */
final class LaneChains {
    static final int N = 512;
    static final PortSpec VEC = TwinChains.cf32(N);
    static final int ITEMS = 1001; // frames: 31 pages of 32 and a short one
    static final long PAGE = 32;
    static final int TAG_EVERY = 37;
    static final int CHUNK = 32;

    private LaneChains() {}

    /** {@code src → h2d → fft → d2h → sink}, on {@code device}. */
    static TwinChains.Result single(float[] x, int device) throws Exception {
        return mixed(x, device, device, device);
    }

    /** {@code src → h2d → fft → d2h → sink}, each on its own device (edges between them may cross devices). */
    static TwinChains.Result mixed(float[] x, int h2d, int fft, int d2h) throws Exception {
        Graph g = new Graph(x);
        g.add("h2d", memory("memory_h2d", h2d), "src");
        g.add("fft", fft("fft_cuda", fft), "h2d");
        g.add("d2h", memory("memory_d2h", d2h), "fft");
        return g.run("d2h");
    }

    /** The split on the GPU: {@code h2d → lane_split_cuda → fft per lane (on lanes[k]) → lane_merge_cuda → d2h}. */
    static TwinChains.Result deviceLanes(float[] x, int home, int... lanes) throws Exception {
        Graph g = new Graph(x);
        g.add("h2d", memory("memory_h2d", home), "src");
        g.add("split", lane("lane_split_cuda", lanes.length, home), "h2d");
        List<String> ends = new ArrayList<>();
        for (int k = 0; k < lanes.length; k++) {
            g.add("fft" + k, fft("fft_cuda", lanes[k]), "split:" + k);
            ends.add("fft" + k);
        }
        g.addJoin("merge", lane("lane_merge_cuda", lanes.length, home), ends);
        g.add("d2h", memory("memory_d2h", home), "merge");
        return g.run("d2h");
    }

    /** The split on the host: {@code lane_split → (h2d → fft → d2h on lanes[k]) per lane → lane_merge}. */
    static TwinChains.Result hostLanes(float[] x, int... lanes) throws Exception {
        Graph g = new Graph(x);
        g.add("split", lane("lane_split", lanes.length, 0), "src");
        List<String> ends = new ArrayList<>();
        for (int k = 0; k < lanes.length; k++) {
            g.add("h2d" + k, memory("memory_h2d", lanes[k]), "split:" + k);
            g.add("fft" + k, fft("fft_cuda", lanes[k]), "h2d" + k);
            g.add("d2h" + k, memory("memory_d2h", lanes[k]), "fft" + k);
            ends.add("d2h" + k);
        }
        g.addJoin("merge", lane("lane_merge", lanes.length, 0), ends);
        return g.run("merge");
    }

    /** The CPU blocks alone: {@code src → fft → sink}, the reference. */
    static TwinChains.Result cpu(float[] x) throws Exception {
        Graph g = new Graph(x);
        g.add("fft", fft("fft", 0), "src");
        return g.run("fft");
    }

    static Block fft(String id, int device) throws Exception {
        return Setups.create(id, "type", "cf32", "fft_size", N, "direction", "forward", "window", "hann", "beta", 6.76,
                "shift", false, "scaling", "none", "method", "cufft", "device", device);
    }

    static Block memory(String id, int device) throws Exception {
        return Setups.create(id, "type", "cf32", "vlen", N, "wire_format", "fp32", "page_items", PAGE, "device",
                device);
    }

    static Block lane(String id, int lanes, int device) throws Exception {
        return Setups.create(id, "type", "cf32", "vlen", N, "lanes", lanes, "chunk_items", CHUNK, "device", device);
    }

    /** A graph under construction: blocks of {@link #VEC} ports, edges named {@code "block"} or {@code "block:port"}. */
    private static final class Graph {
        final List<FlowNode> nodes = new ArrayList<>();
        final List<FlowEdge> edges = new ArrayList<>();

        Graph(float[] x) {
            nodes.add(new FlowNode("src", "array_source", new TwinChains.ArraySource(x, VEC.itemSize(), TAG_EVERY),
                    List.of(), List.of(VEC)));
        }

        void add(String id, Block b, String from) {
            String[] f = from.split(":");
            edges.add(new FlowEdge(f[0], f.length > 1 ? Integer.parseInt(f[1]) : 0, id, 0));
            nodes.add(new FlowNode(id, id, b, List.of(VEC), List.of(VEC)));
        }

        void addJoin(String id, Block b, List<String> from) {
            for (int k = 0; k < from.size(); k++) {
                edges.add(new FlowEdge(from.get(k), 0, id, k));
            }
            nodes.add(new FlowNode(id, id, b, java.util.Collections.nCopies(from.size(), VEC), List.of(VEC)));
        }

        TwinChains.Result run(String last) throws Exception {
            List<FlowNode> fixed = new ArrayList<>(); // a split gets one output per lane
            for (FlowNode n : nodes) {
                long outs = edges.stream().filter(e -> e.from().equals(n.id())).count();
                fixed.add(outs > 1 ? new FlowNode(n.id(), n.type(), n.block(), n.inputs(),
                        java.util.Collections.nCopies((int) outs, VEC)) : n);
            }
            fixed.add(new FlowNode("sink", "vector_sink", Setups.create("vector_sink", "type", "cf32", "vlen", N),
                    List.of(VEC), List.of()));
            List<FlowEdge> all = new ArrayList<>(edges);
            all.add(new FlowEdge(last, 0, "sink", 0));
            RunningGraph g = RunningGraph.start(fixed, all, new RunOptions(32768));
            RunOutcome o = g.await(Duration.ofSeconds(60)).orElseThrow(() -> new AssertionError("graph did not end"));
            VectorSink.Collector sink = (VectorSink.Collector) g.block("sink");
            List<Tag> tags = new ArrayList<>(sink.tags());
            return new TwinChains.Result(sink.floats(), tags, o, g.metrics());
        }
    }
}
