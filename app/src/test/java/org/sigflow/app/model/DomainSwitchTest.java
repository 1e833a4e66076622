package org.sigflow.app.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.ValidationResult;

/** Switching blocks between CPU and CUDA twins, with the memory nodes that follow, on the real catalog. */
class DomainSwitchTest {
    private static Catalog catalog;

    @BeforeAll
    static void load() throws Exception {
        catalog = CatalogLoader.loadDefault();
    }

    private static Graph chain(String... typesAndIds) {
        Graph g = Graph.EMPTY;
        for (int i = 0; i < typesAndIds.length; i += 2) {
            g = GraphEdits.addBlock(catalog.find(typesAndIds[i]).orElseThrow(), typesAndIds[i + 1], 200 * i, 0).apply(g);
            if (i > 0) {
                g = g.withConnection(new Connection(typesAndIds[i - 1], "out", typesAndIds[i + 1], "in"));
            }
        }
        return g;
    }

    private static String shape(Graph g) {
        return g.connections().stream().map(c -> type(g, c.fromBlock()) + "->" + type(g, c.toBlock()))
                .sorted().collect(Collectors.joining(", "));
    }

    private static String type(Graph g, String id) {
        return g.block(id).map(BlockInstance::type).orElseThrow();
    }

    private static void assertValid(Graph g) {
        ValidationResult r = GraphValidator.validate(g, catalog, Map.of());
        assertTrue(r.errors().isEmpty(), () -> r.errors().toString());
    }

    @Test
    void twinsAreFoundBothWays() {
        assertEquals("multiply_const_cuda", DomainSwitch.twinOf(catalog, "multiply_const").orElseThrow().id());
        assertEquals("multiply_const", DomainSwitch.twinOf(catalog, "multiply_const_cuda").orElseThrow().id());
        assertTrue(DomainSwitch.twinOf(catalog, "null_sink").isEmpty());
        assertTrue(DomainSwitch.twinOf(catalog, "no_such_block").isEmpty());
    }

    @Test
    void aCpuBlockMovedToTheGpuGetsMemoryNodesOnBothSidesAndComesBackClean() {
        Graph cpu = chain("signal_source", "src", "multiply_const", "gain", "null_sink", "sink");
        assertValid(cpu);
        Graph gpu = DomainSwitch.toggle(List.of("gain"), catalog).apply(cpu);
        assertEquals("memory_d2h->null_sink, memory_h2d->multiply_const_cuda, multiply_const_cuda->memory_d2h, "
                + "signal_source->memory_h2d", shape(gpu));
        assertEquals(cpu.block("gain").orElseThrow().params(), gpu.block("gain").orElseThrow().params());
        assertEquals("cf32", gpu.block("memory_h2d_0").orElseThrow().params().get("type"));
        assertValid(gpu);

        Graph back = DomainSwitch.toggle(List.of("gain"), catalog).apply(gpu);
        assertEquals(shape(cpu), shape(back));
        assertEquals(Set.of("src", "gain", "sink"), back.blocks().stream().map(BlockInstance::id).collect(Collectors.toSet()));
        assertValid(back);
    }

    @Test
    void neighboursOnTheGpuShareOneSectionWithoutExtraCopies() {
        Graph cpu = chain("signal_source", "src", "multiply_const", "a", "conjugate", "b", "null_sink", "sink");
        Graph gpu = DomainSwitch.toggle(List.of("a"), catalog).apply(cpu);
        gpu = DomainSwitch.toggle(List.of("b"), catalog).apply(gpu);
        assertEquals("conjugate_cuda->memory_d2h, memory_d2h->null_sink, memory_h2d->multiply_const_cuda, "
                + "multiply_const_cuda->conjugate_cuda, signal_source->memory_h2d", shape(gpu));
        assertValid(gpu);
        Graph both = DomainSwitch.toggle(List.of("a", "b"), catalog).apply(cpu);
        assertEquals(shape(gpu), shape(both), "switching together gives the same graph as one after the other");
    }

    @Test
    void blocksWithoutATwinAndOtherEdgesAreLeftAlone() {
        Graph cpu = chain("signal_source", "src", "multiply_const", "gain", "null_sink", "sink");
        assertEquals(cpu, DomainSwitch.toggle(List.of("src", "sink"), catalog).apply(cpu));
    }
}
