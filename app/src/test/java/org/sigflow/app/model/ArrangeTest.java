package org.sigflow.app.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;

/** Align and distribute on blocks of known sizes (hand-computed positions). */
class ArrangeTest {
    /** Block "w<width>" is width × 40, drawn from (-5, 0): the footprint includes a 5 px port on the left. */
    private static final Function<BlockInstance, double[]> SIZES = b -> {
        double w = Double.parseDouble(b.id().replaceAll("[^0-9]", "")) % 1000;
        return new double[] {-5, 0, w, 40};
    };

    private static Graph graph(Map<String, double[]> at) {
        Graph g = Graph.EMPTY;
        for (var e : at.entrySet()) {
            g = g.withBlock(BlockInstance.of(e.getKey(), "head").withPosition(e.getValue()[0], e.getValue()[1]));
        }
        return g;
    }

    private static double[] pos(Graph g, String id) {
        BlockInstance b = g.block(id).orElseThrow();
        return new double[] {b.x(), b.y()};
    }

    @Test
    void alignsEdgesAndCentres() {
        Graph g = graph(Map.of("a100", new double[] {50, 10}, "b200", new double[] {20, 90},
                "c1060", new double[] {80, 200}));
        List<String> ids = List.of("a100", "b200", "c1060");
        Graph left = Arrange.align(ids, Arrange.Line.LEFT, SIZES).apply(g);
        assertEquals(20, pos(left, "a100")[0]);
        assertEquals(20, pos(left, "c1060")[0]);
        assertEquals(10, pos(left, "a100")[1], "y unchanged");
        Graph right = Arrange.align(ids, Arrange.Line.RIGHT, SIZES).apply(g);
        // right edges: 150, 220, 140 → all at 220
        assertEquals(120, pos(right, "a100")[0]);
        assertEquals(20, pos(right, "b200")[0]);
        assertEquals(160, pos(right, "c1060")[0]);
        Graph top = Arrange.align(ids, Arrange.Line.TOP, SIZES).apply(g);
        assertEquals(10, pos(top, "c1060")[1]);
        Graph middle = Arrange.align(ids, Arrange.Line.MIDDLE, SIZES).apply(g);
        assertEquals(100, pos(middle, "a100")[1], "average of the middles 30, 110, 220 is 120; minus 20");
    }

    @Test
    void distributesWithEqualGapsAndKeepsTheOutermost() {
        Graph g = graph(Map.of("a100", new double[] {0, 0}, "b200", new double[] {130, 0},
                "c1060", new double[] {600, 0}, "d1050", new double[] {400, 5}));
        List<String> ids = List.of("a100", "b200", "c1060", "d1050");
        Graph d = Arrange.distribute(ids, true, SIZES).apply(g);
        // span -5 … 660, sizes 105 + 205 + 55 + 65 = 430, gap (665 - 430) / 3 = 78.33…
        assertEquals(0, pos(d, "a100")[0]);
        assertEquals(600, pos(d, "c1060")[0]);
        double gap = (665 - 430) / 3.0;
        assertEquals(100 + gap + 5, pos(d, "b200")[0], 1e-9);
        assertEquals(100 + gap + 205 + gap + 5, pos(d, "d1050")[0], 1e-9);
        assertEquals(5, pos(d, "d1050")[1], "y unchanged");
        assertEquals(g, Arrange.distribute(List.of("a100", "b200"), true, SIZES).apply(g), "two blocks: nothing to do");
    }
}
