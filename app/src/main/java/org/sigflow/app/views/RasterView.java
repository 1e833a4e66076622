package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.sigflow.display.DisplayFrame;

/**
 * A frame's traces as the rows of an image (GNU Radio's Qt time raster and matrix sinks): trace 0 at the top, each
 * value coloured on the waterfall's scale from {@code z_min} (lowest colour) to {@code z_max} (highest), values
 * outside clipped; the picture is stretched over the plot without smoothing, so every cell stays a sharp block.
 */
public final class RasterView extends LiveView {
    private static final int[] PALETTE = Colormap.table(256);
    private final double zMin;
    private final double zMax;
    private WritableImage image;
    private int[] pixels = new int[0];
    private final PlotSurface plot = splitPlot();

    public RasterView(String blockId, double zMin, double zMax) {
        super(blockId);
        this.zMin = zMin;
        this.zMax = zMax > zMin ? zMax : zMin + 1;
    }

    /** The palette index of value {@code v}. */
    int level(double v) {
        double u = (v - zMin) / (zMax - zMin);
        return (int) Math.round(Math.clamp(Double.isNaN(u) ? 0 : u, 0, 1) * (PALETTE.length - 1));
    }

    /** The ARGB colour drawn for row {@code row}, column {@code col} of the last frame (for tests). */
    int cell(int row, int col) {
        return PALETTE[level(last.traces().get(row)[col])];
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        int rows = f == null ? 0 : f.traces().size();
        int cols = f == null ? 0 : f.length();
        // y runs from -rows (bottom) to 0 (top), labelled without the sign: row numbers counted from the top
        double[] r = plot.begin((g, labels) -> Axes.frame(g, canvas.getWidth(), canvas.getHeight(), 0,
                Math.max(1, cols), -Math.max(1, rows), 0, Axes::num, v -> Axes.num(Math.abs(v)), labels), cols, rows);
        GraphicsContext gc = plot.gc();
        if (rows == 0 || cols == 0) {
            return;
        }
        if (image == null || image.getWidth() != cols || image.getHeight() != rows) {
            image = new WritableImage(cols, rows);
            pixels = new int[rows * cols];
        }
        for (int y = 0; y < rows; y++) {
            float[] t = f.traces().get(y);
            for (int x = 0; x < cols; x++) {
                pixels[y * cols + x] = PALETTE[level(t[x])];
            }
        }
        image.getPixelWriter().setPixels(0, 0, cols, rows, PixelFormat.getIntArgbInstance(), pixels, 0, cols);
        gc.setImageSmoothing(false);
        gc.drawImage(image, r[0] + 1, r[1] + 1, r[2] - 1, r[3] - 1);
    }
}
