package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.sigflow.display.DisplayFrame;

/**
 * Eye diagram (GNU Radio's Qt eye sink): every trace of the frame drawn over the same two-symbol time axis,
 * half-transparent so dense paths show brighter. A complex sink's frame holds the real parts' traces, then the
 * imaginary ones': those are drawn in blue and orange, as GNU Radio's two eye plots.
 */
public final class EyeView extends LiveView {
    private static final Color RE = Color.web("#4fc3f780");
    private static final Color IM = Color.web("#ffb74d80");
    private final double yMin;
    private final double yMax;
    private final boolean complex;
    private final AutoScale autoScale;
    private final PlotSurface plot = splitPlot();

    /** @param autoscale follow the data (symmetric range), else {@code yMin .. yMax} */
    public EyeView(String blockId, double yMin, double yMax, boolean autoscale, boolean complex) {
        super(blockId);
        this.yMin = yMin;
        this.yMax = yMax;
        this.complex = complex;
        this.autoScale = autoscale || !(yMax > yMin) ? new AutoScale(1.2) : null;
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        double lo = yMin;
        double hi = yMax;
        if (autoScale != null) {
            double s = f == null ? autoScale.range() : autoScale.update(f);
            lo = -s;
            hi = s;
        }
        double x1 = f == null || f.length() < 2 ? 1e-3 : (f.length() - 1) * f.xStep();
        double a = lo;
        double b = hi;
        double[] r = plot.begin((g, labels) -> Axes.frame(g, canvas.getWidth(), canvas.getHeight(), 0, x1, a, b,
                Axes::seconds, Axes::num, labels), x1, lo, hi);
        GraphicsContext gc = plot.gc();
        if (f == null || f.length() < 2) {
            return;
        }
        gc.save();
        gc.beginPath();
        gc.rect(r[0], r[1], r[2], r[3]);
        gc.clip();
        int n = f.length();
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = r[0] + (double) i / (n - 1) * r[2];
        }
        double[] ys = new double[n];
        gc.setLineWidth(1);
        for (int t = 0; t < f.traces().size(); t++) {
            gc.setStroke(complex && t >= f.traces().size() / 2 ? IM : RE);
            float[] y = f.traces().get(t);
            for (int i = 0; i < n; i++) {
                ys[i] = r[1] + r[3] - (y[i] - lo) / (hi - lo) * r[3];
            }
            gc.strokePolyline(xs, ys, n);
        }
        gc.restore();
    }
}
