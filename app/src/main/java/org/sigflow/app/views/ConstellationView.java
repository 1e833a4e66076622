package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.sigflow.display.DisplayFrame;

/** I/Q scatter: one dot per sample on square axes scaled to the largest magnitude. */
public final class ConstellationView extends LiveView {
    private final AutoScale autoScale = new AutoScale(1.2);
    private final PlotSurface plot = splitPlot();

    public ConstellationView(String blockId) {
        super(blockId);
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        double scale = f == null ? autoScale.range() : autoScale.update(f);
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        double side = Math.max(10, Math.min(w - Axes.LEFT - Axes.RIGHT, h - Axes.TOP - Axes.BOTTOM));
        double[] r = plot.begin((g, labels) -> {
            if (labels) { // the view's whole canvas (the square plot leaves some of it bare)
                g.setFill(Axes.BACKGROUND);
                g.fillRect(0, 0, w, h);
            }
            return Axes.frame(g, side + Axes.LEFT + Axes.RIGHT, side + Axes.TOP + Axes.BOTTOM, -scale, scale, -scale,
                    scale, Axes::num, Axes::num, labels);
        }, scale);
        GraphicsContext gc = plot.gc();
        if (f == null || f.traces().size() < 2) {
            return;
        }
        float[] i = f.traces().get(0);
        float[] q = f.traces().get(1);
        gc.setFill(Color.web("#69f0aecc"));
        for (int k = 0; k < i.length; k++) {
            double x = r[0] + (i[k] / scale + 1) / 2 * r[2];
            double y = r[1] + (1 - (q[k] / scale + 1) / 2) * r[3];
            gc.fillRect(x - 1.5, y - 1.5, 3, 3);
        }
    }
}
