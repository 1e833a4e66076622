package org.sigflow.grc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.ViewLayout;

/**
 * A GRC display sink with several inputs ({@code nconnections}) as one SigFlow sink per input: the first keeps the
 * GRC name, the others are {@code <name>_in1}, {@code _in2}, … with the same settings, and for spectrum and time
 * sinks a view draws the others' traces over the first's (view option {@code overlay}), as GRC shows them in one
 * plot. Waterfall and constellation sinks get a view each.
 */
final class GrcChannels {
    /** Catalog sink → the view kind that can overlay several sinks' traces. */
    private static final Map<String, String> OVERLAY_KINDS = Map.of("spectrum_sink", "spectrum", "time_sink", "time",
            "vector_plot_sink", "vector", "histogram_sink", "histogram");
    static final double VIEW_X = 340;
    static final double VIEW_WIDTH = 520;
    static final double VIEW_HEIGHT = 300;

    private GrcChannels() {}

    /**
     * Adds the extra sinks of {@code first} to {@code blocks} and their overlay view to {@code views}.
     *
     * @return the ids of the sinks for GRC inputs 1, 2, … (empty when the sink has one input)
     */
    static List<String> split(GrcBlock b, GrcMapping mapping, BlockInstance first, List<BlockInstance> blocks,
                              List<ViewLayout> views, Set<String> taken, ImportReport.Builder report) {
        if (mapping.channels() == null) {
            return List.of();
        }
        String count = b.params().getOrDefault(mapping.channels(), "1").strip();
        int n;
        try {
            n = Integer.parseInt(count);
        } catch (NumberFormatException e) {
            report.attention("block " + b.describe(), mapping.channels() + " = '" + count + "' is not a whole number; "
                    + "only its first input is imported");
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            String id = first.id() + "_in" + k;
            while (taken.contains(id)) {
                id += "_";
            }
            taken.add(id);
            ids.add(id);
            blocks.add(new BlockInstance(id, first.type(), first.params(), first.state(), first.x(),
                    first.y() + 40 * k, first.rotation(), "GRC import: input " + k + " of " + b.name()));
        }
        String kind = OVERLAY_KINDS.get(first.type());
        if (!ids.isEmpty() && kind != null) {
            Map<String, String> options = new LinkedHashMap<>();
            options.put("overlay", "'" + String.join(" ", ids) + "'");
            double y = 10 + views.stream().filter(v -> v.x() == VIEW_X).count() * (VIEW_HEIGHT + 10);
            views.add(new ViewLayout("view_" + first.id(), kind, first.id(), VIEW_X, y, VIEW_WIDTH, VIEW_HEIGHT,
                    options));
        }
        if (!ids.isEmpty()) {
            report.note("block " + b.describe(), n + " inputs: one " + first.type() + " each (" + first.id() + ", "
                    + String.join(", ", ids) + ")" + (kind == null ? "" : ", drawn in one view"));
        }
        return ids;
    }
}
