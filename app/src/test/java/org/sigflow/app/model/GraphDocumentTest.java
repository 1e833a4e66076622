package org.sigflow.app.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Connection;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

/** The document model without a UI: edits as commands, undo/redo, dirty state, edit commands, connection rules. */
class GraphDocumentTest {
    private static Catalog catalog;

    @BeforeAll
    static void load() throws Exception {
        catalog = CatalogLoader.loadDefault();
    }

    private static GraphDocument docWith(String... typesAndIds) {
        GraphDocument d = new GraphDocument(catalog);
        Graph g = Graph.EMPTY;
        for (int i = 0; i < typesAndIds.length; i += 2) {
            g = GraphEdits.addBlock(catalog.find(typesAndIds[i]).orElseThrow(), typesAndIds[i + 1], 0, 0).apply(g);
        }
        d.load(g, Path.of("x.graph"));
        return d;
    }

    @Test
    void everyEditIsUndoableAndDirtyFollowsTheSavedGraph() {
        GraphDocument d = docWith("signal_source", "src");
        Graph saved = d.graph();
        d.apply("Set", GraphEdits.setParam("src", "frequency", "2e3"));
        d.apply("Rotate", GraphEdits.rotate(List.of("src")));
        d.apply("Nothing", g -> g); // a no-op is not recorded
        assertTrue(d.isDirty());
        assertEquals("Rotate", d.history().nextUndo().orElseThrow());
        assertTrue(d.undo());
        assertEquals("2e3", d.graph().block("src").orElseThrow().params().get("frequency"));
        assertTrue(d.undo());
        assertEquals(saved, d.graph());
        assertFalse(d.isDirty(), "back at the saved graph");
        assertFalse(d.undo());
        assertTrue(d.redo());
        assertEquals("Rotate", d.history().nextRedo().orElseThrow());
        d.apply("Comment", GraphEdits.setComment("src", "hi"));
        assertTrue(d.history().nextRedo().isEmpty(), "a new edit clears redo");
    }

    @Test
    void selectionForgetsDeletedBlocks() {
        GraphDocument d = docWith("null_source", "a", "null_sink", "b");
        d.select(List.of("a", "b"));
        d.apply("Delete", GraphEdits.delete(List.of("a"), List.of()));
        assertEquals(List.of("b"), d.selectedInGraphOrder());
    }

    @Test
    void renameKeepsConnectionsAndViewsAttached() {
        Graph g = docWith("null_source", "a", "spectrum_sink", "s").graph()
                .withConnection(new Connection("a", "out", "s", "in"))
                .withViews(List.of(new ViewLayout("v", "spectrum", "s", 0, 0, 10, 10, Map.of())));
        Graph r = GraphEdits.rename("s", "spec").apply(g);
        assertEquals(List.of(new Connection("a", "out", "spec", "in")), r.connections());
        assertEquals("spec", r.views().getFirst().block());
        assertEquals("spectrum_sink_0", GraphEdits.newId(r, "spectrum_sink"));
        assertEquals("spec_1", GraphEdits.newId(r.withBlock(BlockInstance.of("spec_0", "x")), "spec"));
    }

    @Test
    void connectionsAreRefusedWithTheValidatorsReason() {
        Graph g = docWith("signal_source", "src", "float_to_complex", "f2c", "null_sink", "snk",
                "memory_h2d", "h2d").graph();
        Connection bad = new Connection("src", "out", "f2c", "re");
        assertTrue(ConnectionCheck.refusal(g, catalog, bad).orElseThrow().contains("f32"));
        Connection ok = new Connection("src", "out", "snk", "in");
        assertTrue(ConnectionCheck.refusal(g, catalog, ok).isEmpty());
        Graph fed = g.withConnection(ok);
        assertTrue(ConnectionCheck.refusal(fed, catalog, new Connection("h2d", "out", "snk", "in")).isPresent(),
                "a GPU-memory output cannot feed a CPU input that is already fed");
        assertEquals("these ports are already connected", ConnectionCheck.refusal(fed, catalog, ok).orElseThrow());
        assertEquals("a block cannot feed itself",
                ConnectionCheck.refusal(g, catalog, new Connection("h2d", "out", "h2d", "in")).orElseThrow());
    }
}
