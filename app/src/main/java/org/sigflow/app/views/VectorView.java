package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.sigflow.display.DisplayFrame;

/**
 * A frame's first trace over x (GNU Radio's Qt vector sink, the auto-correlator) or as bars (the histogram), with
 * the traces of overlaid sinks of the same kind as lines. The y axis is fixed ({@code y_min}, {@code y_max}) or
 * follows the data: it grows at once and shrinks slowly, so a steady signal gives a steady picture.
 */
public final class VectorView extends LiveView {
    private static final Color MAIN = Color.web("#4fc3f7");
    private final double yMin;
    private final double yMax;
    private final boolean autoscale;
    private final boolean bars;
    private double lo = Double.NaN;
    private double hi = Double.NaN;
    private final PlotSurface plot = splitPlot();

    /** @param bars draw the main trace as bars from zero (a histogram's counts), else as a line */
    public VectorView(String blockId, double yMin, double yMax, boolean autoscale, boolean bars) {
        super(blockId);
        this.yMin = yMin;
        this.yMax = yMax;
        this.autoscale = autoscale || !(yMax > yMin);
        this.bars = bars;
    }

    /** The y range drawn for the last frame: {low, high}. */
    double[] yRange() {
        return autoscale ? new double[] {Double.isNaN(lo) ? 0 : lo, Double.isNaN(hi) ? 1 : hi}
                : new double[] {yMin, yMax};
    }

    /** Moves the autoscaled y range towards the span of the newest frames (the view's and the overlaid ones). */
    private void follow(DisplayFrame f) {
        double a = Double.POSITIVE_INFINITY;
        double b = Double.NEGATIVE_INFINITY;
        java.util.List<DisplayFrame> all = new java.util.ArrayList<>(overlayLast.values());
        all.add(f);
        for (DisplayFrame d : all) { // the overlaid sinks' traces must fit too
            for (float v : d.traces().getFirst()) {
                if (Float.isFinite(v)) {
                    a = Math.min(a, v);
                    b = Math.max(b, v);
                }
            }
        }
        if (bars) {
            a = Math.min(a, 0);
        }
        if (!(b > a)) {
            a -= 0.5;
            b += 0.5;
        }
        double margin = 0.1 * (b - a);
        a -= bars && a == 0 ? 0 : margin;
        b += margin;
        lo = Double.isNaN(lo) || a < lo ? a : 0.9 * lo + 0.1 * a;
        hi = Double.isNaN(hi) || b > hi ? b : 0.9 * hi + 0.1 * b;
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        if (f != null && autoscale) {
            follow(f);
        }
        double[] y = yRange();
        double[] x = frequencySpan(f);
        if (bars && f != null) { // bars are centred on their x: show half a bin either side
            x = new double[] {x[0] - f.xStep() / 2, x[1] + f.xStep() / 2};
        }
        if (!(x[1] > x[0])) {
            x = new double[] {x[0] - 0.5, x[0] + 0.5};
        }
        double[] xr = x;
        double[] r = plot.begin((g, labels) -> Axes.frame(g, canvas.getWidth(), canvas.getHeight(), xr[0], xr[1], y[0],
                y[1], Axes::num, Axes::num, labels), x[0], x[1], y[0], y[1]);
        GraphicsContext gc = plot.gc();
        if (f == null || f.traces().isEmpty()) {
            return;
        }
        gc.save();
        gc.beginPath();
        gc.rect(r[0], r[1], r[2], r[3]);
        gc.clip();
        double[] span = x;
        java.util.function.DoubleUnaryOperator sx = v -> r[0] + (v - span[0]) / (span[1] - span[0]) * r[2];
        java.util.function.DoubleUnaryOperator sy = v -> r[1] + r[3] - (v - y[0]) / (y[1] - y[0]) * r[3];
        float[] main = f.traces().getFirst();
        if (bars) {
            gc.setFill(Color.web("#4fc3f7aa"));
            double w = Math.max(1, r[2] / main.length - 1);
            for (int i = 0; i < main.length; i++) {
                double cx = sx.applyAsDouble(f.xStart() + i * f.xStep());
                double top = sy.applyAsDouble(main[i]);
                double base = sy.applyAsDouble(Math.max(y[0], 0));
                gc.fillRect(cx - w / 2, Math.min(top, base), w, Math.abs(base - top));
            }
        } else {
            line(gc, f, main, MAIN, sx, sy);
        }
        int k = 0;
        for (DisplayFrame o : overlayLast.values()) {
            line(gc, o, o.traces().getFirst(), Overlays.color(k++), sx, sy);
        }
        gc.restore();
        Overlays.legend(gc, r, blockId(), overlayLast.keySet());
    }

    private static void line(GraphicsContext gc, DisplayFrame f, float[] t, Color color,
                             java.util.function.DoubleUnaryOperator sx, java.util.function.DoubleUnaryOperator sy) {
        double[] xs = new double[t.length];
        double[] ys = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            xs[i] = sx.applyAsDouble(f.xStart() + i * f.xStep());
            ys[i] = sy.applyAsDouble(Float.isFinite(t[i]) ? t[i] : -1e30);
        }
        gc.setStroke(color);
        gc.setLineWidth(1.3);
        gc.strokePolyline(xs, ys, t.length);
    }
}
