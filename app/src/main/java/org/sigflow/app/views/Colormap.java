package org.sigflow.app.views;

import javafx.scene.paint.Color;

/** The waterfall's colour scale: dark blue through cyan, yellow and red to white (low to high power). */
final class Colormap {
    private static final Color[] STOPS = {Color.web("#000010"), Color.web("#0b2a6f"), Color.web("#0f7fbf"),
        Color.web("#3fd0c0"), Color.web("#f7e53b"), Color.web("#f0592b"), Color.web("#fff4f0")};

    private Colormap() {}

    /** {@code n} ARGB colours from low to high. */
    static int[] table(int n) {
        int[] t = new int[n];
        for (int i = 0; i < n; i++) {
            double x = (double) i / (n - 1) * (STOPS.length - 1);
            int k = Math.min((int) x, STOPS.length - 2);
            Color c = STOPS[k].interpolate(STOPS[k + 1], x - k);
            t[i] = 0xff000000 | (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8
                    | (int) Math.round(c.getBlue() * 255);
        }
        return t;
    }
}
