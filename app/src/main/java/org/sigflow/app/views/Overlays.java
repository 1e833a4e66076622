package org.sigflow.app.views;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

/**
 * Multi-trace views: a spectrum or time view can draw the traces of other sinks of its kind over its own. The view
 * option {@code overlay} names them as a string expression, e.g. {@code "'spec_b spec_c'"} (ids separated by spaces
 * or commas); the view's title-bar menu adds and removes them.
 */
public final class Overlays {
    public static final String OPTION = "overlay";
    private static final Color[] COLORS = {Color.web("#ffd54f"), Color.web("#f06292"), Color.web("#81c784"),
            Color.web("#ba68c8"), Color.web("#ff8a65")};

    private Overlays() {}

    /** The ids an {@code overlay} option names (quotes, commas and spaces allowed); none for null. */
    public static List<String> ids(String option) {
        if (option == null) {
            return List.of();
        }
        return Arrays.stream(option.replace("'", " ").replace("\"", " ").split("[\\s,]+")).filter(s -> !s.isEmpty())
                .distinct().toList();
    }

    /** The option text for a list of ids ({@code 'a b'}), or null for none. */
    public static String option(List<String> ids) {
        return ids.isEmpty() ? null : "'" + String.join(" ", ids) + "'";
    }

    static Color color(int i) {
        return COLORS[i % COLORS.length];
    }

    /** Names the traces in their colours at the plot's top left (only when there is more than one). */
    static void legend(GraphicsContext gc, double[] r, String main, Collection<String> overlays) {
        if (overlays.isEmpty()) {
            return;
        }
        gc.setFont(Axes.FONT);
        gc.setTextBaseline(VPos.TOP);
        gc.setTextAlign(TextAlignment.LEFT);
        double y = r[1] + 4;
        gc.setFill(Color.web("#4fc3f7"));
        gc.fillText("— " + main, r[0] + 6, y);
        int i = 0;
        for (String id : overlays) {
            y += 14;
            gc.setFill(color(i++));
            gc.fillText("— " + id, r[0] + 6, y);
        }
    }
}
