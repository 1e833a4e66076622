package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.Setups;
import org.sigflow.catalog.Dtype;
import org.sigflow.cuda.Cuda;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.FlowNode;
import org.sigflow.runtime.PortSpec;

/**
 * Which downloads {@link DownloadGroups} queues together: those of a block whose every device output feeds exactly
 * one download of one kind, in output order; anything else stays on the separate path. On the CPU fallback no
 * download exists, so nothing is grouped.
 */
class DownloadGroupsPlanTest {
    private static DownloadGroups.Candidate writer(String id, int outputs, boolean device) {
        return new DownloadGroups.Candidate(id, outputs, device, null);
    }

    private static DownloadGroups.Candidate download(String id, Object kind) {
        return new DownloadGroups.Candidate(id, 1, false, kind);
    }

    /** {@code dut} with {@code n} device outputs, output k to download {@code d<k>} of kind "cs8", edges reversed. */
    private static List<DownloadGroups.Candidate> nodes(int n) {
        List<DownloadGroups.Candidate> c = new ArrayList<>(List.of(writer("dut", n, true)));
        for (int k = 0; k < n; k++) {
            c.add(download("d" + k, "cs8"));
            c.add(writer("sink" + k, 0, false));
        }
        return c;
    }

    private static List<FlowEdge> edges(int n) {
        List<FlowEdge> e = new ArrayList<>();
        for (int k = n - 1; k >= 0; k--) {
            e.add(new FlowEdge("dut", k, "d" + k, 0));
            e.add(new FlowEdge("d" + k, 0, "sink" + k, 0));
        }
        return e;
    }

    @Test
    void everyOutputToItsOwnDownloadOfOneKindIsOneGroupInOutputOrder() {
        assertEquals(List.of(List.of("d0", "d1", "d2", "d3")), DownloadGroups.plan(nodes(4), edges(4)));
    }

    @Test
    void aDownloadOfAnotherKindLeavesTheBlockUngrouped() {
        List<DownloadGroups.Candidate> c = nodes(4);
        c.set(c.indexOf(download("d2", "cs8")), download("d2", "cf32"));
        assertEquals(List.of(), DownloadGroups.plan(c, edges(4)));
    }

    @Test
    void anOutputWithTwoReadersOrAnUnconnectedOutputLeavesTheBlockUngrouped() {
        List<FlowEdge> twice = new ArrayList<>(edges(4));
        twice.add(new FlowEdge("dut", 1, "sink0", 0));
        assertEquals(List.of(), DownloadGroups.plan(nodes(4), twice));
        List<FlowEdge> three = new ArrayList<>(edges(4));
        three.removeIf(e -> e.from().equals("dut") && e.fromPort() == 3);
        assertEquals(List.of(), DownloadGroups.plan(nodes(4), three));
    }

    @Test
    void aDownloadThatAlsoReadsAnotherEdgeOrANonDownloadReaderLeavesTheBlockUngrouped() {
        List<FlowEdge> more = new ArrayList<>(edges(3));
        more.add(new FlowEdge("other", 0, "d1", 0));
        List<DownloadGroups.Candidate> c = new ArrayList<>(nodes(3));
        c.add(writer("other", 1, true));
        assertEquals(List.of(), DownloadGroups.plan(c, more));
        List<DownloadGroups.Candidate> sinkReader = nodes(3);
        sinkReader.set(sinkReader.indexOf(download("d0", "cs8")), writer("d0", 1, false));
        assertEquals(List.of(), DownloadGroups.plan(sinkReader, edges(3)));
    }

    @Test
    void hostOutputsAndSingleOutputsAreNotGrouped() {
        List<DownloadGroups.Candidate> host = nodes(2);
        host.set(0, writer("dut", 2, false));
        assertEquals(List.of(), DownloadGroups.plan(host, edges(2)));
        assertEquals(List.of(), DownloadGroups.plan(nodes(1), edges(1)));
    }

    /** Without CUDA the memory nodes copy on the CPU: a channelizer's downloads form no group. */
    @Test
    void theCpuFallbackGroupsNothing() throws Exception {
        Assumptions.assumeFalse(Cuda.available(), "a CUDA device: the memory nodes are the GPU's");
        PortSpec c = new PortSpec("out", Dtype.CF32, 1);
        List<FlowNode> nodes = new ArrayList<>();
        nodes.add(new FlowNode("dut", "pfb_channelizer", Setups.create("pfb_channelizer", "nchans", 2, "taps",
                Setups.realList(1, 1, 1, 1), "osr", 1.0), List.of(c), List.of(c, c)));
        List<FlowEdge> edges = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            nodes.add(new FlowNode("d" + k, "memory_d2h", Setups.create("memory_d2h", "type", "cf32", "vlen", 1,
                    "wire_format", "fp32", "page_items", 1 << 16), List.of(c), List.of(c)));
            edges.add(new FlowEdge("dut", k, "d" + k, 0));
        }
        assertEquals(List.of(), DownloadGroups.apply(nodes, edges));
    }
}
