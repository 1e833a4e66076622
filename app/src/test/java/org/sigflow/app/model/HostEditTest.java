package org.sigflow.app.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Catalog;
import org.sigflow.catalog.CatalogLoader;
import org.sigflow.graph.Graph;

/** Marking a group of blocks as running on another host is one undoable edit; blank puts them back in local. */
class HostEditTest {

    @Test
    void selectedBlocksMoveToAHostAndBackInOneUndoableEdit() throws Exception {
        Catalog catalog = CatalogLoader.loadDefault();
        Graph g = Graph.EMPTY;
        for (String[] b : new String[][] {{"signal_source", "src"}, {"fir_filter", "fir"}, {"fft", "fft"}}) {
            g = GraphEdits.addBlock(catalog.find(b[0]).orElseThrow(), b[1], 0, 0).apply(g);
        }
        GraphDocument d = new GraphDocument(catalog);
        d.load(g, Path.of("x.graph"));
        d.select(List.of("fir", "fft"));
        d.apply("Host gpu", GraphEdits.setHost(d.selectedInGraphOrder(), " gpu-server "));
        assertEquals("gpu-server", d.graph().block("fir").orElseThrow().host());
        assertEquals("gpu-server", d.graph().block("fft").orElseThrow().host());
        assertNull(d.graph().block("src").orElseThrow().host());
        d.apply("local", GraphEdits.setHost(List.of("fft"), ""));
        assertNull(d.graph().block("fft").orElseThrow().host());
        d.undo();
        assertEquals("gpu-server", d.graph().block("fft").orElseThrow().host());
        d.undo();
        assertNull(d.graph().block("fir").orElseThrow().host());
    }
}
