package org.sigflow.grc;

import java.util.List;
import org.sigflow.graph.Graph;
import org.sigflow.hier.HierBlock;

/**
 * An imported flowgraph and the report of what was and was not imported.
 *
 * @param hierBlocks the hier blocks it uses (nested ones too), as found or imported from GRC hier flowgraphs
 */
public record ImportResult(Graph graph, ImportReport report, List<HierBlock> hierBlocks) {
    public ImportResult {
        hierBlocks = List.copyOf(hierBlocks);
    }

    public ImportResult(Graph graph, ImportReport report) {
        this(graph, report, List.of());
    }
}
