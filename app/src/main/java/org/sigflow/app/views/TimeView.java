package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.sigflow.display.DisplayFrame;

/** Oscilloscope: the sink's traces over time (re in blue, im in orange), y scaled to the largest magnitude. */
public final class TimeView extends LiveView {
    private static final Color[] COLORS = {Color.web("#4fc3f7"), Color.web("#ffb74d")};
    private final AutoScale autoScale = new AutoScale(1.1);
    private final PlotSurface plot = splitPlot();

    public TimeView(String blockId) {
        super(blockId);
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        double scale = f == null ? autoScale.range() : autoScale.update(f);
        double x1 = f == null ? 1e-3 : (f.length() - 1) * f.xStep();
        double[] r = plot.begin((g, labels) -> Axes.frame(g, canvas.getWidth(), canvas.getHeight(), 0, x1, -scale,
                scale, Axes::seconds, Axes::num, labels), x1, scale);
        GraphicsContext gc = plot.gc();
        if (f == null) {
            return;
        }
        gc.save();
        gc.beginPath();
        gc.rect(r[0], r[1], r[2], r[3]);
        gc.clip();
        for (int t = 0; t < f.traces().size(); t++) {
            trace(gc, r, f.traces().get(t), scale, COLORS[t % COLORS.length]);
        }
        int k = 0;
        for (DisplayFrame o : overlayLast.values()) {
            trace(gc, r, o.traces().getFirst(), scale, Overlays.color(k++)); // the real part of each overlaid sink
        }
        gc.restore();
        Overlays.legend(gc, r, blockId(), overlayLast.keySet());
    }

    private static void trace(GraphicsContext gc, double[] r, float[] y, double scale, Color color) {
        int n = y.length;
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = r[0] + (double) i / Math.max(1, n - 1) * r[2];
            ys[i] = r[1] + r[3] / 2 - y[i] / scale * r[3] / 2;
        }
        gc.setStroke(color);
        gc.setLineWidth(1.2);
        gc.strokePolyline(xs, ys, n);
    }
}
