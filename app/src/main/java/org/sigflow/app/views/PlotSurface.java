package org.sigflow.app.views;

import java.util.Arrays;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;

/**
 * A live view's picture split in two canvases: the axes (tick labels, grid, frame) on the view's canvas, drawn only
 * when their ranges or the view's size change, and over the plot rectangle, frame line included, a canvas of its own
 * redrawn on every frame with the plot's background, grid and frame (the same pixels) and then the traces. The plot
 * canvas is the view's {@link LiveView#surface()}, so while docked during a run it can be shown in a small window of
 * its own over its place ({@link SurfaceOverlay}) and a frame does not present the whole main window.
 */
final class PlotSurface {
    /** Draws a view's axes frame on {@code gc} (labels or not) and returns the plot rectangle {x, y, w, h}. */
    interface Frame {
        double[] draw(GraphicsContext gc, boolean labels);
    }

    private final Canvas axes;
    private final Canvas plot = new Canvas();
    private double[] key;
    private double[] rect = {0, 0, 0, 0};

    PlotSurface(Canvas axes) {
        this.axes = axes;
        plot.setManaged(false);
    }

    /** The plot area's canvas (the view keeps it last among its children). */
    Canvas canvas() {
        return plot;
    }

    /**
     * Starts a frame: redraws the axes on the view's canvas if {@code ranges} (the numbers the frame depends on
     * besides the view's size) changed, fills the plot canvas with the plot area's empty picture and returns the plot
     * rectangle in the view's coordinates. Until the next call, {@link #gc()} draws on the plot canvas in the view's
     * coordinates.
     */
    double[] begin(Frame frame, double... ranges) {
        double[] now = Arrays.copyOf(ranges, ranges.length + 2);
        now[ranges.length] = axes.getWidth();
        now[ranges.length + 1] = axes.getHeight();
        if (!Arrays.equals(now, key)) {
            key = now;
            rect = frame.draw(axes.getGraphicsContext2D(), true);
            // the frame line's pixels too: x .. x + w and y .. y + h inclusive (it is stroked at +0.5)
            plot.setWidth(Math.max(0, Math.min(rect[2] + 1, axes.getWidth() - rect[0])));
            plot.setHeight(Math.max(0, Math.min(rect[3] + 1, axes.getHeight() - rect[1])));
            plot.relocate(rect[0], rect[1]);
        }
        GraphicsContext gc = plot.getGraphicsContext2D();
        gc.setTransform(1, 0, 0, 1, -rect[0], -rect[1]); // whole pixels: the same pixels as on the view's canvas
        frame.draw(gc, false);
        return rect;
    }

    /** The plot canvas's graphics, in the view's coordinates (after {@link #begin}). */
    GraphicsContext gc() {
        return plot.getGraphicsContext2D();
    }
}
