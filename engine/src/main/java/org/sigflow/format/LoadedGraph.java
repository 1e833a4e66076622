package org.sigflow.format;

import java.util.List;
import org.sigflow.graph.Graph;

/**
 * A graph read from a file, with the warnings the reader had (e.g. unknown keys that were dropped). Warnings never
 * stop a file from opening; the designer shows them once.
 */
public record LoadedGraph(Graph graph, List<FormatProblem> warnings) {
    public LoadedGraph {
        warnings = List.copyOf(warnings);
    }
}
