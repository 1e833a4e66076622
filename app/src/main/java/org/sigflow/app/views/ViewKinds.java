package org.sigflow.app.views;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sigflow.expr.ExpressionException;
import org.sigflow.expr.Expressions;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

/** Which view shows which display sink, and the layout used for sinks the file gives no view. */
public final class ViewKinds {
    /** Display sink type → the view kind that draws its frames. */
    static final Map<String, String> BY_SINK = Map.ofEntries(Map.entry("spectrum_sink", "spectrum"),
            Map.entry("waterfall_sink", "waterfall"), Map.entry("time_sink", "time"),
            Map.entry("constellation_sink", "constellation"), Map.entry("vector_plot_sink", "vector"),
            Map.entry("auto_correlator_sink", "vector"), Map.entry("histogram_sink", "histogram"),
            Map.entry("eye_sink", "eye"), Map.entry("time_raster_sink", "raster"), Map.entry("matrix_sink", "raster"));
    static final double WIDTH = 520;
    static final double HEIGHT = 300;

    private ViewKinds() {}

    /**
     * The file's views, then a view for every enabled display sink that has none, then a timing view if the file
     * has none. The extra views are placed below the file's and are not part of the graph until the user moves one.
     */
    public static List<ViewLayout> effective(Graph g) {
        List<ViewLayout> out = new ArrayList<>(g.views());
        double y = g.views().stream().mapToDouble(v -> v.y() + v.height() + 10).max().orElse(10);
        int k = 0;
        for (BlockInstance b : g.blocks()) {
            String kind = BY_SINK.get(b.type());
            if (kind == null || b.state() != BlockState.ENABLED
                    || g.views().stream().anyMatch(v -> b.id().equals(v.block()))) {
                continue;
            }
            out.add(new ViewLayout(uniqueId(g, "view_" + b.id()), kind, b.id(), 10 + (k % 2) * (WIDTH + 10),
                    y + (k / 2) * (HEIGHT + 10), WIDTH, HEIGHT, Map.of()));
            k++;
        }
        if (g.views().stream().noneMatch(v -> v.kind().equals("timing"))) {
            out.add(new ViewLayout(uniqueId(g, "timing"), "timing", null, 10 + (k % 2) * (WIDTH + 10),
                    y + (k / 2) * (HEIGHT + 10), WIDTH, 200, Map.of()));
        }
        return out;
    }

    private static String uniqueId(Graph g, String base) {
        String id = base;
        for (int n = 1; taken(g, id); n++) {
            id = base + "_" + n;
        }
        return id;
    }

    private static boolean taken(Graph g, String id) {
        return g.views().stream().anyMatch(v -> v.id().equals(id));
    }

    /** A view for a layout entry. */
    static LiveView create(ViewLayout v, java.util.function.Predicate<String> cudaType) {
        return create(v, cudaType, null);
    }

    /**
     * A view for a layout entry of graph {@code g} (null: none), whose sink's display params (y and z range,
     * autoscale, input type) serve where the view's options do not say.
     */
    static LiveView create(ViewLayout v, java.util.function.Predicate<String> cudaType, Graph g) {
        LiveView view = QtSinkViews.create(v, g);
        if (view == null) {
            view = createBare(v, cudaType);
        }
        view.setOverlays(Overlays.ids(v.options().get(Overlays.OPTION)));
        return view;
    }

    private static LiveView createBare(ViewLayout v, java.util.function.Predicate<String> cudaType) {
        return switch (v.kind()) {
            case "spectrum" -> new SpectrumView(v.block(), option(v, "y_min", -120), option(v, "y_max", 10));
            case "waterfall" -> new WaterfallView(v.block(), option(v, "db_min", Double.NaN),
                    option(v, "db_max", Double.NaN));
            case "time" -> new TimeView(v.block());
            case "constellation" -> new ConstellationView(v.block());
            default -> new TimingView(cudaType);
        };
    }

    /** A numeric view option (an expression without variables), or the default when absent or not a number. */
    static double option(ViewLayout v, String key, double fallback) {
        return Optional.ofNullable(v.options().get(key)).map(text -> {
            try {
                return Expressions.evaluate(text, Map.of()).asDouble();
            } catch (ExpressionException | RuntimeException e) {
                return fallback;
            }
        }).orElse(fallback);
    }
}
