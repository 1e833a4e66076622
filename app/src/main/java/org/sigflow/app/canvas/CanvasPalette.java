package org.sigflow.app.canvas;

import javafx.scene.paint.Color;

/**
 * The colours the canvas draws itself (grid, block cards, text), for the light and the dark theme; the controls
 * around it follow the theme's style sheet. Port and wire colours (dtypes) are the same in both.
 */
public record CanvasPalette(Color background, Color gridDot, Color bodyTop, Color bodyBottom, Color bodyStroke,
                            Color header, Color titleText, Color paramText, Color idText, Color commentText) {
    public static final CanvasPalette LIGHT = new CanvasPalette(Color.web("#f4f6f9"), Color.web("#c9d1dc"),
            Color.web("#fbfcfe"), Color.web("#e8edf5"), Color.web("#5f6b7a"), Color.web("#dbe4f0"),
            Color.web("#1c2733"), Color.BLACK, Color.web("#5f6b7a"), Color.web("#8a6d3b"));
    public static final CanvasPalette DARK = new CanvasPalette(Color.web("#1b2027"), Color.web("#3a4552"),
            Color.web("#323a45"), Color.web("#2a313a"), Color.web("#8796a8"), Color.web("#3f4b5a"),
            Color.web("#eef2f7"), Color.web("#d5dde6"), Color.web("#9aa8b8"), Color.web("#e0c080"));

    private static CanvasPalette current = LIGHT;

    /** The palette blocks and grid are drawn with now (JavaFX thread only). */
    public static CanvasPalette current() {
        return current;
    }

    public static void use(CanvasPalette p) {
        current = p;
    }
}
