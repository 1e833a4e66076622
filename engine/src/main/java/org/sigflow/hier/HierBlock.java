package org.sigflow.hier;

import java.nio.file.Path;
import org.sigflow.catalog.BlockDef;
import org.sigflow.graph.Graph;

/**
 * A hier block: a graph file with pads and parameters, used as one block.
 *
 * @param file  where it was read from
 * @param inner the graph inside, as saved (pads and parameter blocks included)
 * @param def   the block type it becomes (id = the file name without {@code .graph}, category Hier)
 */
public record HierBlock(Path file, Graph inner, BlockDef def) {
    public String id() {
        return def.id();
    }
}
