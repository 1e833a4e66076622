package org.sigflow.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphEditsTest {

    @Test
    void editsReturnNewGraphsAndKeepOrder() {
        Graph g = Graph.EMPTY.withVariable("b", "1").withVariable("a", "2")
                .withBlock(BlockInstance.of("src", "sig_source").withParam("freq", "1e3").withParam("amp", "1"))
                .withBlock(BlockInstance.of("snk", "null_sink"))
                .withConnection(new Connection("src", "out", "snk", "in"));
        assertEquals(List.of("b", "a"), List.copyOf(g.variables().keySet()));
        Graph moved = g.withBlockEdited("src", b -> b.withPosition(10, 20).withParam("freq", "2e3"));
        assertEquals(0.0, g.block("src").orElseThrow().x(), "the original is unchanged");
        assertEquals(List.of("freq", "amp"), List.copyOf(moved.block("src").orElseThrow().params().keySet()));
        assertEquals("2e3", moved.block("src").orElseThrow().params().get("freq"));
        Graph removed = moved.withoutBlock("snk");
        assertEquals(List.of(), removed.connections(), "removing a block removes its connections");
        assertEquals("src:out → snk:in", g.connections().getFirst().toString());
    }

    @Test
    void invariantsAreChecked() {
        BlockInstance b = BlockInstance.of("a", "t");
        assertThrows(IllegalArgumentException.class, () -> b.withRotation(45));
        assertThrows(IllegalArgumentException.class, () -> b.withPosition(Double.NaN, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new ViewLayout("v", "scope", null, 0, 0, 1, 1, Map.of()));
        assertThrows(UnsupportedOperationException.class, () -> b.params().put("x", "1"));
        assertEquals(0L, Double.doubleToRawLongBits(b.withPosition(-0.0, 0).x()), "-0 is folded into 0");
    }
}
