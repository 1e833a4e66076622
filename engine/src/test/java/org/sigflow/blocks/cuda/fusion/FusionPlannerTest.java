package org.sigflow.blocks.cuda.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.blocks.cuda.fusion.FusedOp.Kind;
import org.sigflow.blocks.cuda.fusion.FusionPlanner.Node;
import org.sigflow.runtime.FlowEdge;
import org.sigflow.runtime.TagPolicy;

/** Which blocks the fusion planner puts into one kernel, and which it leaves alone (runs on the CPU, in CI). */
class FusionPlannerTest {
    private static final FusedOp SCALE_C = FusedOp.of(Kind.SCALE, true);
    private static final FusedOp OFFSET_R = FusedOp.of(Kind.OFFSET, false);

    private static Node op(String id, FusedOp op) {
        return new Node(id, op, 1, 1, TagPolicy.ALL_TO_ALL, 1, 1);
    }

    private static Node other(String id) {
        return new Node(id, null, 1, 1, TagPolicy.ALL_TO_ALL, 1, 1);
    }

    private static FlowEdge e(String from, String to) {
        return new FlowEdge(from, 0, to, 0);
    }

    private static List<List<String>> ids(List<Node> nodes, List<FlowEdge> edges) {
        return FusionPlanner.chains(nodes, edges).stream().map(c -> c.stream().map(Node::id).toList()).toList();
    }

    @Test
    void aLineOfElementwiseBlocksBetweenMemoryNodesIsOneChain() {
        List<Node> n = List.of(other("h2d"), op("a", SCALE_C), op("b", SCALE_C), op("c", FusedOp.of(Kind.CONJUGATE, true)),
                op("d", SCALE_C), other("d2h"));
        List<FlowEdge> edges = List.of(e("h2d", "a"), e("a", "b"), e("b", "c"), e("c", "d"), e("d", "d2h"));
        assertEquals(List.of(List.of("a", "b", "c", "d")), ids(n, edges));
    }

    @Test
    void aSingleElementwiseBlockIsNotAChain() {
        assertEquals(List.of(), ids(List.of(other("h2d"), op("a", SCALE_C), other("fft")),
                List.of(e("h2d", "a"), e("a", "fft"))));
    }

    @Test
    void aNonElementwiseBlockSplitsTheChain() {
        List<Node> n = List.of(op("a", SCALE_C), op("b", SCALE_C), other("fft"), op("c", SCALE_C), op("d", SCALE_C));
        List<FlowEdge> edges = List.of(e("a", "b"), e("b", "fft"), e("fft", "c"), e("c", "d"));
        assertEquals(List.of(List.of("a", "b"), List.of("c", "d")), ids(n, edges));
    }

    @Test
    void fanOutEndsTheChainAtTheBlockThatFeedsTwo() {
        List<Node> n = List.of(op("a", SCALE_C), op("b", SCALE_C), op("c", SCALE_C), op("d", SCALE_C));
        // b feeds c and d: its samples must be stored, so b ends a chain and c, d start none
        List<FlowEdge> edges = List.of(e("a", "b"), e("b", "c"), e("b", "d"));
        assertEquals(List.of(List.of("a", "b")), ids(n, edges));
    }

    @Test
    void aConverterFusesAndTheTypesMustMatchAcrossEachEdge() {
        Node mag = op("mag", FusedOp.of(Kind.MAGNITUDE, true));
        Node realScale = op("g", FusedOp.of(Kind.SCALE, false));
        Node complexScale = op("x", SCALE_C);
        // cf32 -> |x| -> f32 gain: one chain across the type change
        assertEquals(List.of(List.of("a", "mag", "g")), ids(List.of(op("a", SCALE_C), mag, realScale),
                List.of(e("a", "mag"), e("mag", "g"))));
        // an f32 output cannot feed a cf32 stage (and a different vector length does not fuse either)
        assertEquals(List.of(), ids(List.of(mag, complexScale), List.of(e("mag", "x"))));
        Node wide = new Node("w", SCALE_C, 1, 1, TagPolicy.ALL_TO_ALL, 4, 4);
        assertEquals(List.of(), ids(List.of(op("a", SCALE_C), wide), List.of(e("a", "w"))));
        assertEquals(List.of(), ids(List.of(op("r", OFFSET_R), complexScale), List.of(e("r", "x"))));
    }

    @Test
    void aBlockThatHandlesTagsItselfStaysOnItsOwn() {
        Node tagged = new Node("t", SCALE_C, 1, 1, TagPolicy.DONT, 1, 1);
        List<Node> n = List.of(op("a", SCALE_C), tagged, op("b", SCALE_C), op("c", SCALE_C));
        assertEquals(List.of(List.of("b", "c")), ids(n, List.of(e("a", "t"), e("t", "b"), e("b", "c"))));
    }

    @Test
    void aSeveralInputCombinerOnlyStartsAChain() {
        Node add = new Node("add", new FusedOp(Kind.ADD, true, 2, 0), 2, 1, TagPolicy.ALL_TO_ALL, 1, 1);
        List<Node> n = List.of(op("a", SCALE_C), add, op("b", SCALE_C));
        List<FlowEdge> edges = List.of(e("a", "add"), new FlowEdge("a2", 0, "add", 1), e("add", "b"));
        assertEquals(List.of(List.of("add", "b")), ids(n, edges));
    }

    @Test
    void longChainsAreCutAtTheKernelsStageLimit() {
        List<Node> n = new ArrayList<>();
        List<FlowEdge> edges = new ArrayList<>();
        int count = FusionPlanner.MAX_STAGES + 3;
        for (int i = 0; i < count; i++) {
            n.add(op("s" + i, SCALE_C));
            if (i > 0) {
                edges.add(e("s" + (i - 1), "s" + i));
            }
        }
        List<List<String>> chains = ids(n, edges);
        assertEquals(2, chains.size());
        assertEquals(FusionPlanner.MAX_STAGES, chains.get(0).size());
        assertEquals(List.of("s12", "s13", "s14"), chains.get(1));
    }
}
