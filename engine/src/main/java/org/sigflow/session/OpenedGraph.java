package org.sigflow.session;

import java.nio.file.Path;
import java.util.List;
import org.sigflow.graph.Graph;
import org.sigflow.validate.ResolvedGraph;

/**
 * A graph file read and validated: what it says, what will run, and the warnings (errors make
 * {@link Engine#open} throw instead).
 *
 * @param baseDir the folder relative file paths inside the graph resolve against (the file's own folder)
 */
public record OpenedGraph(Path file, Path baseDir, Graph graph, ResolvedGraph resolved, List<String> warnings) {
    public OpenedGraph {
        warnings = List.copyOf(warnings);
    }
}
