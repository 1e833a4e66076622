package org.sigflow.app.views;

import java.util.Map;
import java.util.Optional;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;

/**
 * The views of GNU Radio's Qt vector, histogram, eye, time raster and matrix sinks ({@code vector}, {@code histogram},
 * {@code eye}, {@code raster}). Their ranges come from the view's options, else from the sink's own display params
 * ({@code y_min}, {@code y_max}, {@code z_min}, {@code z_max}, {@code autoscale}) when those are plain numbers.
 */
final class QtSinkViews {
    private QtSinkViews() {}

    /** The view for {@code v}, or null when its kind is not one of these. */
    static LiveView create(ViewLayout v, Graph g) {
        Map<String, String> params = g == null || v.block() == null ? Map.of()
                : g.block(v.block()).map(b -> b.params()).orElse(Map.of());
        return switch (v.kind()) {
            case "vector" -> new VectorView(v.block(), number(v, params, "y_min", -140), number(v, params, "y_max", 10),
                    flag(v, params, "autoscale", "auto_correlator_sink".equals(type(g, v))), false);
            case "histogram" -> new VectorView(v.block(), 0, 0, true, true);
            case "eye" -> new EyeView(v.block(), number(v, params, "y_min", -1), number(v, params, "y_max", 1),
                    flag(v, params, "autoscale", false), !"f32".equals(params.getOrDefault("type", "cf32").strip()));
            case "raster" -> new RasterView(v.block(), number(v, params, "z_min", -1), number(v, params, "z_max", 1));
            default -> null;
        };
    }

    private static String type(Graph g, ViewLayout v) {
        return g == null || v.block() == null ? "" : g.block(v.block()).map(b -> b.type()).orElse("");
    }

    private static double number(ViewLayout v, Map<String, String> params, String key, double fallback) {
        if (v.options().containsKey(key)) {
            return ViewKinds.option(v, key, fallback);
        }
        return Optional.ofNullable(params.get(key)).map(text -> ViewKinds.option(
                v.withOptions(Map.of(key, text)), key, fallback)).orElse(fallback);
    }

    private static boolean flag(ViewLayout v, Map<String, String> params, String key, boolean fallback) {
        String text = v.options().getOrDefault(key, params.get(key));
        return text == null ? fallback : text.strip().equalsIgnoreCase("true");
    }
}
