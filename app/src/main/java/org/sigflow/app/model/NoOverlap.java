package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;

/**
 * Places blocks the designer put down itself (memory nodes, pasted or imported blocks) so that no two blocks'
 * bounds intersect: each movable block, in graph order, moves down past whatever it would cover. Every move passes
 * an obstacle's bottom edge, so it ends after at most as many moves as there are blocks.
 */
public final class NoOverlap {
    /** Free space kept between two blocks' bounds. */
    public static final double GAP = 30;
    private static final double GRID = 10;

    private NoOverlap() {}

    /**
     * @param movable   ids of the blocks that may move; the others stay where they are
     * @param footprint a block's bounds relative to its position: {minX, minY, maxX, maxY}
     */
    public static Graph separate(Graph g, Set<String> movable, Function<BlockInstance, double[]> footprint) {
        List<double[]> placed = new ArrayList<>();
        for (BlockInstance b : g.blocks()) {
            if (!movable.contains(b.id())) {
                placed.add(box(footprint.apply(b), b.x(), b.y()));
            }
        }
        Graph out = g;
        for (BlockInstance b : g.blocks()) {
            if (!movable.contains(b.id())) {
                continue;
            }
            double[] f = footprint.apply(b);
            double y = b.y();
            double[] box = box(f, b.x(), y);
            for (double[] hit = firstHit(placed, box); hit != null; hit = firstHit(placed, box)) {
                y = Math.ceil((hit[3] + GAP / 2 - f[1]) / GRID) * GRID;
                box = box(f, b.x(), y);
            }
            placed.add(box);
            if (y != b.y()) {
                double newY = y;
                out = out.withBlockEdited(b.id(), x -> x.withPosition(x.x(), newY));
            }
        }
        return out;
    }

    /** The footprint at (x, y), grown by half the gap on every side. */
    private static double[] box(double[] f, double x, double y) {
        return new double[] {x + f[0] - GAP / 2, y + f[1] - GAP / 2, x + f[2] + GAP / 2, y + f[3] + GAP / 2};
    }

    private static double[] firstHit(List<double[]> placed, double[] b) {
        for (double[] p : placed) {
            if (b[0] < p[2] && p[0] < b[2] && b[1] < p[3] && p[1] < b[3]) {
                return p;
            }
        }
        return null;
    }
}
