package org.sigflow.app.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.Graph;

/**
 * Align and distribute (Edit ▸ Arrange): lines up the selected blocks' drawn bounds, or spaces them evenly. A
 * footprint is a block's drawn bounds relative to its position: {minX, minY, maxX, maxY}.
 */
public final class Arrange {
    /** Which edge or centre line to align on. */
    public enum Line { LEFT, CENTRE, RIGHT, TOP, MIDDLE, BOTTOM }

    private Arrange() {}

    /** Moves every listed block so that its {@code line} lies where the first-to-last extreme one's does. */
    public static UnaryOperator<Graph> align(List<String> ids, Line line,
                                             Function<BlockInstance, double[]> footprint) {
        return g -> {
            List<BlockInstance> blocks = blocks(g, ids);
            if (blocks.size() < 2) {
                return g;
            }
            boolean horizontal = line == Line.LEFT || line == Line.CENTRE || line == Line.RIGHT;
            double target = switch (line) {
                case LEFT, TOP -> blocks.stream().mapToDouble(b -> edge(b, footprint, line)).min().orElseThrow();
                case RIGHT, BOTTOM -> blocks.stream().mapToDouble(b -> edge(b, footprint, line)).max().orElseThrow();
                case CENTRE, MIDDLE -> blocks.stream().mapToDouble(b -> edge(b, footprint, line)).average()
                        .orElseThrow();
            };
            Map<String, double[]> to = new LinkedHashMap<>();
            for (BlockInstance b : blocks) {
                double shift = target - edge(b, footprint, line);
                to.put(b.id(), horizontal ? new double[] {b.x() + shift, b.y()}
                        : new double[] {b.x(), b.y() + shift});
            }
            return GraphEdits.moveTo(to).apply(g);
        };
    }

    /**
     * Spaces the listed blocks (at least three) so the gaps between their bounds are equal, left to right (or top to
     * bottom); the outermost two stay where they are.
     */
    public static UnaryOperator<Graph> distribute(List<String> ids, boolean horizontal,
                                                  Function<BlockInstance, double[]> footprint) {
        return g -> {
            List<BlockInstance> blocks = new ArrayList<>(blocks(g, ids));
            if (blocks.size() < 3) {
                return g;
            }
            int lo = horizontal ? 0 : 1;
            int hi = horizontal ? 2 : 3;
            blocks.sort(Comparator.comparingDouble(b -> pos(b, horizontal) + (footprint.apply(b)[lo]
                    + footprint.apply(b)[hi]) / 2));
            BlockInstance first = blocks.getFirst();
            BlockInstance last = blocks.getLast();
            double start = pos(first, horizontal) + footprint.apply(first)[lo];
            double end = pos(last, horizontal) + footprint.apply(last)[hi];
            double sizes = blocks.stream().mapToDouble(b -> footprint.apply(b)[hi] - footprint.apply(b)[lo]).sum();
            double gap = (end - start - sizes) / (blocks.size() - 1);
            Map<String, double[]> to = new LinkedHashMap<>();
            double at = start;
            for (BlockInstance b : blocks) {
                double[] f = footprint.apply(b);
                double p = at - f[lo];
                to.put(b.id(), horizontal ? new double[] {p, b.y()} : new double[] {b.x(), p});
                at += f[hi] - f[lo] + gap;
            }
            return GraphEdits.moveTo(to).apply(g);
        };
    }

    private static List<BlockInstance> blocks(Graph g, List<String> ids) {
        return ids.stream().map(g::block).flatMap(java.util.Optional::stream).toList();
    }

    private static double pos(BlockInstance b, boolean horizontal) {
        return horizontal ? b.x() : b.y();
    }

    private static double edge(BlockInstance b, Function<BlockInstance, double[]> footprint, Line line) {
        double[] f = footprint.apply(b);
        return switch (line) {
            case LEFT -> b.x() + f[0];
            case RIGHT -> b.x() + f[2];
            case CENTRE -> b.x() + (f[0] + f[2]) / 2;
            case TOP -> b.y() + f[1];
            case BOTTOM -> b.y() + f[3];
            case MIDDLE -> b.y() + (f[1] + f[3]) / 2;
        };
    }
}
