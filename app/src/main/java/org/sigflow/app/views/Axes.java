package org.sigflow.app.views;

import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/** Plot frame, grid and tick labels for the live views (dark theme, as instrument displays are). */
final class Axes {
    static final Color BACKGROUND = Color.web("#10151c");
    static final Color GRID = Color.web("#2a3441");
    static final Color LABEL = Color.web("#9fb0c3");
    static final Font FONT = Font.font("System", 10);
    static final double LEFT = 48;
    static final double BOTTOM = 20;
    static final double TOP = 8;
    static final double RIGHT = 10;

    private Axes() {}

    /** A 1-2-5 step giving about {@code ticks} ticks over {@code range}. */
    static double niceStep(double range, int ticks) {
        if (!(range > 0) || Double.isInfinite(range)) {
            return 1;
        }
        double raw = range / Math.max(1, ticks);
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double n = raw / mag;
        return (n < 1.5 ? 1 : n < 3.5 ? 2 : n < 7.5 ? 5 : 10) * mag;
    }

    /** {@code 1.5 MHz}, {@code -250 kHz}, {@code 12 Hz}. */
    static String hz(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return num(v / 1e9) + " GHz";
        }
        if (a >= 1e6) {
            return num(v / 1e6) + " MHz";
        }
        if (a >= 1e3) {
            return num(v / 1e3) + " kHz";
        }
        return num(v) + " Hz";
    }

    /** {@code 2 ms}, {@code 150 µs}. */
    static String seconds(double v) {
        double a = Math.abs(v);
        if (a == 0 || a >= 1) {
            return num(v) + " s";
        }
        if (a >= 1e-3) {
            return num(v * 1e3) + " ms";
        }
        if (a >= 1e-6) {
            return num(v * 1e6) + " µs";
        }
        return num(v * 1e9) + " ns";
    }

    static String num(double v) {
        if (Math.abs(v - Math.rint(v)) < 1e-9) {
            return Long.toString(Math.round(v));
        }
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** Clears the canvas and draws the plot area's grid with labels; returns the plot rectangle {x, y, w, h}. */
    static double[] frame(GraphicsContext gc, double w, double h, double x0, double x1, double y0, double y1,
                          java.util.function.DoubleFunction<String> xLabel,
                          java.util.function.DoubleFunction<String> yLabel) {
        return frame(gc, w, h, x0, x1, y0, y1, xLabel, yLabel, true);
    }

    /** As {@link #frame}, the tick labels drawn only if {@code labels} (they lie outside the plot rectangle). */
    static double[] frame(GraphicsContext gc, double w, double h, double x0, double x1, double y0, double y1,
                          java.util.function.DoubleFunction<String> xLabel,
                          java.util.function.DoubleFunction<String> yLabel, boolean labels) {
        gc.setFill(BACKGROUND);
        gc.fillRect(0, 0, w, h);
        double px = LEFT;
        double py = TOP;
        double pw = Math.max(10, w - LEFT - RIGHT);
        double ph = Math.max(10, h - TOP - BOTTOM);
        gc.setStroke(GRID);
        gc.setLineWidth(1);
        gc.setFont(FONT);
        gc.setFill(LABEL);
        gc.setTextBaseline(VPos.CENTER);
        gc.setTextAlign(TextAlignment.RIGHT);
        double ys = niceStep(y1 - y0, (int) Math.max(2, ph / 40));
        for (double y = Math.ceil(y0 / ys) * ys; y <= y1 + 1e-9; y += ys) {
            double sy = py + ph - (y - y0) / (y1 - y0) * ph;
            gc.strokeLine(px, Math.round(sy) + 0.5, px + pw, Math.round(sy) + 0.5);
            if (labels) {
                gc.fillText(yLabel.apply(y), px - 4, sy);
            }
        }
        gc.setTextBaseline(VPos.TOP);
        gc.setTextAlign(TextAlignment.CENTER);
        double xs = niceStep(x1 - x0, (int) Math.max(2, pw / 90));
        for (double x = Math.ceil(x0 / xs) * xs; x <= x1 + 1e-9 * Math.abs(x1); x += xs) {
            double sx = px + (x - x0) / (x1 - x0) * pw;
            gc.strokeLine(Math.round(sx) + 0.5, py, Math.round(sx) + 0.5, py + ph);
            if (labels) {
                gc.fillText(xLabel.apply(Math.abs(x) < xs * 1e-6 ? 0 : x), sx, py + ph + 4);
            }
        }
        gc.setStroke(Color.web("#3d4a5a"));
        gc.strokeRect(px + 0.5, py + 0.5, pw, ph);
        return new double[] {px, py, pw, ph};
    }
}
