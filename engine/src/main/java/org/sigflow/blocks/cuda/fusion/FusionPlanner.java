package org.sigflow.blocks.cuda.fusion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.TagPolicy;

/**
 * Finds the chains of adjacent element-wise CUDA blocks that one generated kernel can run. Block {@code a} and the
 * block {@code b} it feeds fuse when both are element-wise ({@link FusedOp} known), {@code a} has one output and it
 * feeds only {@code b} (no fan-out: the intermediate samples are never stored), {@code b} has one input (a
 * several-input add/multiply can only start a chain, its inputs all coming from outside), the sample type and
 * vector length match across the edge, and both pass tags on unchanged (a block with tag policy {@code DONT}
 * handles tags itself and stays on its own). Chains are cut at {@link #MAX_STAGES} blocks (the kernel's arguments).
 */
public final class FusionPlanner {
    /** Most blocks in one fused kernel. */
    public static final int MAX_STAGES = 12;

    /** A block as the planner sees it; {@code op} null for a block that cannot fuse. */
    public record Node(String id, FusedOp op, int inputs, int outputs, TagPolicy tags, int vlenIn, int vlenOut) {}

    private FusionPlanner() {}

    /** The chains to fuse (each of at least two blocks, in stream order), in the order of {@code nodes}. */
    public static List<List<Node>> chains(List<Node> nodes, List<FlowEdge> edges) {
        Map<String, Node> byId = new LinkedHashMap<>();
        nodes.forEach(n -> byId.put(n.id(), n));
        Map<String, Integer> fanOut = new HashMap<>();
        for (FlowEdge e : edges) {
            fanOut.merge(e.from() + ":" + e.fromPort(), 1, Integer::sum);
        }
        Map<String, Node> next = new HashMap<>();
        Map<String, Node> prev = new HashMap<>();
        for (FlowEdge e : edges) {
            Node a = byId.get(e.from());
            Node b = byId.get(e.to());
            if (a != null && b != null && fuses(a, b, fanOut.get(e.from() + ":" + e.fromPort()))) {
                next.put(a.id(), b);
                prev.put(b.id(), a);
            }
        }
        List<List<Node>> out = new ArrayList<>();
        for (Node n : nodes) {
            if (prev.containsKey(n.id()) || !next.containsKey(n.id())) {
                continue;
            }
            List<Node> chain = new ArrayList<>();
            for (Node m = n; m != null; m = next.get(m.id())) {
                chain.add(m);
                if (chain.size() == MAX_STAGES) {
                    out.add(chain);
                    chain = new ArrayList<>();
                }
            }
            if (chain.size() >= 2) {
                out.add(chain);
            }
        }
        return out;
    }

    private static boolean fuses(Node a, Node b, int readersOfA) {
        return a.op() != null && b.op() != null
                && a.outputs() == 1 && readersOfA == 1
                && b.inputs() == 1 && b.op().inputs() == 1
                && a.op().complexOut() == b.op().complexIn() && a.vlenOut() == b.vlenIn()
                && a.tags() != TagPolicy.DONT && b.tags() != TagPolicy.DONT;
    }
}
