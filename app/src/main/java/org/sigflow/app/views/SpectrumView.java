package org.sigflow.app.views;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.sigflow.display.DisplayFrame;

/**
 * Power spectrum: the averaged trace (and max-hold when the sink sends it) over frequency, in dBFS, with a readout
 * of the peak and, while the mouse is over the plot, of the level under the cursor.
 */
public final class SpectrumView extends LiveView {
    private final double yMin;
    private final double yMax;
    private double mouseX = Double.NaN;
    private final PlotSurface plot = splitPlot();

    public SpectrumView(String blockId, double yMin, double yMax) {
        super(blockId);
        this.yMin = yMin;
        this.yMax = yMax;
        // on the view, not a canvas: over the plot the mouse is on the plot's canvas, or in its overlay window
        // (which passes its events on to the view)
        setOnMouseMoved(e -> {
            mouseX = e.getX();
            draw();
        });
        setOnMouseExited(e -> {
            mouseX = Double.NaN;
            draw();
        });
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        double[] x = frequencySpan(f);
        double[] r = plot.begin((g, labels) -> Axes.frame(g, canvas.getWidth(), canvas.getHeight(), x[0], x[1], yMin,
                yMax, Axes::hz, y -> Axes.num(y) + " dB", labels), x[0], x[1]);
        GraphicsContext gc = plot.gc();
        if (f == null || f.length() < 2) {
            return;
        }
        if (f.traces().size() > 1) {
            trace(gc, r, f.traces().get(1), Color.web("#ff5252aa"), false);
        }
        float[] avg = f.traces().get(0);
        trace(gc, r, avg, Color.web("#4fc3f7"), true);
        int t = 0;
        for (DisplayFrame o : overlayLast.values()) {
            if (o.length() == avg.length) {
                trace(gc, r, o.traces().getFirst(), Overlays.color(t), false);
            }
            t++;
        }
        Overlays.legend(gc, r, blockId(), overlayLast.keySet());
        int peak = 0;
        for (int k = 1; k < avg.length; k++) {
            peak = avg[k] > avg[peak] ? k : peak;
        }
        gc.setFont(Axes.FONT);
        gc.setTextBaseline(VPos.TOP);
        gc.setTextAlign(TextAlignment.RIGHT);
        gc.setFill(Axes.LABEL);
        gc.fillText("peak " + readout(f, peak), r[0] + r[2] - 6, r[1] + 4);
        if (mouseX >= r[0] && mouseX <= r[0] + r[2]) {
            int k = (int) Math.round((mouseX - r[0]) / r[2] * (avg.length - 1));
            gc.setStroke(Color.web("#ffffff66"));
            gc.strokeLine(mouseX, r[1], mouseX, r[1] + r[3]);
            gc.setFill(Color.web("#ffffff"));
            gc.fillText(readout(f, k), r[0] + r[2] - 6, r[1] + 18);
        }
    }

    /** {@code 100 kHz  -6.0 dB} for bin k of the averaged trace. */
    static String readout(DisplayFrame f, int k) {
        // No more digits than the bin spacing supports: 488 Hz bins read to 100 Hz.
        double unit = Math.pow(10, Math.floor(Math.log10(Math.max(f.xStep(), 1e-9))));
        double hz = Math.round((f.xStart() + k * f.xStep()) / unit) * unit;
        return Axes.hz(hz) + "  " + String.format(java.util.Locale.ROOT, "%.1f dB",
                f.traces().getFirst()[k]);
    }

    private void trace(GraphicsContext gc, double[] r, float[] db, Color color, boolean fill) {
        int n = db.length;
        gc.save();
        gc.beginPath();
        gc.rect(r[0], r[1], r[2], r[3]);
        gc.clip();
        int cols = (int) Math.max(2, r[2]);
        // Many bins per pixel: draw each pixel column's peak, so narrow tones never vanish.
        double[] xs = new double[Math.min(n, cols)];
        double[] ys = new double[xs.length];
        for (int c = 0; c < xs.length; c++) {
            int a = (int) ((long) c * n / xs.length);
            int b = (int) Math.max(a + 1, (long) (c + 1) * n / xs.length);
            float peak = Float.NEGATIVE_INFINITY;
            for (int k = a; k < b; k++) {
                peak = Math.max(peak, db[k]);
            }
            xs[c] = r[0] + (xs.length == 1 ? 0 : (double) c / (xs.length - 1) * r[2]);
            ys[c] = r[1] + r[3] - (Math.clamp(peak, yMin - 10, yMax + 10) - yMin) / (yMax - yMin) * r[3];
        }
        if (fill) {
            gc.setFill(Color.web("#4fc3f733"));
            gc.beginPath();
            gc.moveTo(xs[0], r[1] + r[3]);
            for (int i = 0; i < xs.length; i++) {
                gc.lineTo(xs[i], ys[i]);
            }
            gc.lineTo(xs[xs.length - 1], r[1] + r[3]);
            gc.closePath();
            gc.fill();
        }
        gc.setStroke(color);
        gc.setLineWidth(1.3);
        gc.strokePolyline(xs, ys, xs.length);
        gc.restore();
    }
}
