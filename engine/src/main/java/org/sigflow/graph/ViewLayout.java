package org.sigflow.graph;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A live view's window in the run layout.
 *
 * @param kind    one of {@link #KINDS}
 * @param block   the sink block instance the view shows, or {@code null} (e.g. the timing view shows all blocks)
 * @param options view settings (e.g. {@code "averaging": "0.2"}), ordered
 */
public record ViewLayout(String id, String kind, String block, double x, double y, double width, double height,
                         Map<String, String> options) {

    /** The view kinds the designer knows, in the order the file format documents them. */
    public static final List<String> KINDS = List.of("waterfall", "spectrum", "constellation", "time", "timing",
            "control", "vector", "histogram", "eye", "raster");

    public ViewLayout {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown view kind '" + kind + "'; known: " + KINDS);
        }
        x = Positions.finite(x, "x");
        y = Positions.finite(y, "y");
        width = Positions.finite(width, "width");
        height = Positions.finite(height, "height");
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("width and height must be positive");
        }
        options = OrderedMaps.copy(options, "options");
    }

    public ViewLayout withBounds(double x, double y, double width, double height) {
        return new ViewLayout(id, kind, block, x, y, width, height, options);
    }

    public ViewLayout withBlock(String block) {
        return new ViewLayout(id, kind, block, x, y, width, height, options);
    }

    public ViewLayout withOptions(Map<String, String> options) {
        return new ViewLayout(id, kind, block, x, y, width, height, options);
    }
}
