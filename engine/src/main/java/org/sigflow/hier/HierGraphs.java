package org.sigflow.hier;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Catalog;
import org.sigflow.expr.Value;
import org.sigflow.graph.Graph;
import org.sigflow.validate.GraphValidator;
import org.sigflow.validate.Problem;
import org.sigflow.validate.ValidationResult;

/** The step before validation and running: a graph's hier blocks checked as drawn, then flattened. */
public final class HierGraphs {
    private HierGraphs() {}

    /**
     * @param graph the graph to validate and run
     * @param notes where block types that are neither catalog blocks nor hier block files were looked for: to show
     *              with validation's "unknown block type" errors
     */
    public record Prepared(Graph graph, List<String> notes) {}

    /**
     * The graph ready to validate and run: unchanged without hier blocks; otherwise first validated as drawn against
     * its hier blocks' ports and params (so a wrong wire or value names the hier block, not a block inside it),
     * then flattened.
     *
     * @param graphDir  the folder of the graph's file, searched first for hier block files (null: none)
     * @param overrides variable values given from outside (as in {@link GraphValidator#validate})
     * @throws HierException with every problem (a hier file that cannot be used, a cycle, a bad wire or value)
     */
    public static Prepared prepare(Graph graph, Path graphDir, Catalog catalog, HierLibrary library,
                                   Map<String, Value> overrides) throws HierException {
        if (!HierFlattener.mayUseHier(graph, catalog)) {
            return new Prepared(graph, List.of());
        }
        HierFlattener.Flattened f = HierFlattener.flatten(graph, graphDir, catalog, library);
        if (!f.changed()) {
            return new Prepared(graph, f.notes());
        }
        List<BlockDef> defs = new ArrayList<>(catalog.all());
        defs.addAll(f.used());
        ValidationResult asDrawn = GraphValidator.validate(graph, Catalog.of(defs), overrides);
        if (!asDrawn.errors().isEmpty()) {
            List<String> all = new ArrayList<>(asDrawn.errors().stream().map(Problem::toString).toList());
            all.addAll(f.notes());
            throw new HierException(all);
        }
        return new Prepared(f.graph(), f.notes());
    }

    /** {@link #prepare}'s graph, for callers that validated the graph as drawn already (the designer). */
    public static Graph flattened(Graph graph, Path graphDir, Catalog catalog, HierLibrary library,
                                  Map<String, Value> overrides) throws HierException {
        return prepare(graph, graphDir, catalog, library, overrides).graph();
    }
}
