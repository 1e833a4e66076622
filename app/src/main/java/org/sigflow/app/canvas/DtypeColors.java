package org.sigflow.app.canvas;

import javafx.scene.paint.Color;
import org.sigflow.catalog.Dtype;

/** Port and edge colours per stream type, after GNU Radio Companion's palette (blue complex float, orange float…). */
public final class DtypeColors {
    private DtypeColors() {}

    /** NVIDIA green: CUDA blocks and GPU-memory ports. */
    public static final Color CUDA = Color.web("#76b900");
    public static final Color UNKNOWN = Color.web("#9e9e9e");
    /** Message ports and edges (GNU Radio Companion draws them grey, its edges dashed). */
    public static final Color MESSAGE = Color.web("#78909c");

    public static Color of(Dtype d) {
        if (d == null) {
            return UNKNOWN;
        }
        return switch (d) {
            case CF32 -> Color.web("#3399ff");
            case F32 -> Color.web("#ff8c69");
            case CS16 -> Color.web("#e6c300");
            case S32 -> Color.web("#3ccf9e");   // GRC draws int teal
            case S16 -> Color.web("#fff176");
            case CS8 -> Color.web("#b452cd");
            case S8 -> Color.web("#da8fe8");
            case U8 -> Color.web("#8d6e63");
        };
    }
}
