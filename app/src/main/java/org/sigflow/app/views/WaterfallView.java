package org.sigflow.app.views;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.sigflow.display.DisplayFrame;

/**
 * Spectrogram: each frame becomes one row of a {@link WritableImage} (newest on top), coloured by dBFS; the image is
 * scaled to the plot area. The image is a ring of rows: a new frame writes one row over the oldest (one small
 * {@code setPixels}, no shifting of the whole picture) and the plot draws the ring in two parts, newest first
 * (the 2048-bin full-rate benchmark, docs/performance.md). Without a fixed
 * range the colours follow the signal: the noise floor (median bin) sits just above black and 60 dB above it is
 * white, tracked slowly so the picture does not flicker.
 */
public final class WaterfallView extends LiveView {
    private static final int ROWS = 240;
    private final boolean autoRange;
    private double dbMin;
    private double dbMax;
    private WritableImage image;
    private int[] row;
    private int columns;
    /** The ring's newest row; the next frame goes one row above it (wrapping to the bottom). */
    private int head;
    private final int[] palette = Colormap.table(256);

    /** A fixed colour range in dBFS, or NaN for both to follow the signal. */
    public WaterfallView(String blockId, double dbMin, double dbMax) {
        super(blockId);
        this.autoRange = Double.isNaN(dbMin) || Double.isNaN(dbMax);
        this.dbMin = dbMin;
        this.dbMax = dbMax;
    }

    private void track(float[] db) {
        float[] sorted = db.clone();
        java.util.Arrays.sort(sorted);
        double floor = sorted[sorted.length / 2] - 6;
        if (Double.isNaN(dbMin)) {
            dbMin = floor;
        } else {
            dbMin = 0.95 * dbMin + 0.05 * floor;
        }
        dbMax = dbMin + 60;
    }

    @Override
    public void reset() {
        image = null;
        if (autoRange) {
            dbMin = Double.NaN;
            dbMax = Double.NaN;
        }
        super.reset();
    }

    @Override
    protected void draw() {
        GraphicsContext gc = canvas.getGraphicsContext2D();
        DisplayFrame f = last;
        double[] x = frequencySpan(f);
        double[] r = Axes.frame(gc, canvas.getWidth(), canvas.getHeight(), x[0], x[1], 0, ROWS, Axes::hz, y -> "");
        if (f == null) {
            return;
        }
        if (f.sequence() != lastRow) {
            addRow(f.traces().getFirst());
            lastRow = f.sequence();
        }
        gc.setImageSmoothing(false);
        // rows head..ROWS-1 (newest first) on top, then rows 0..head-1 below them
        double h = r[3] - 1;
        double split = h * (ROWS - head) / ROWS;
        gc.drawImage(image, 0, head, columns, ROWS - head, r[0] + 1, r[1] + 1, r[2] - 1, split);
        if (head > 0) {
            gc.drawImage(image, 0, 0, columns, head, r[0] + 1, r[1] + 1 + split, r[2] - 1, h - split);
        }
    }

    private long lastRow = -1;

    private void addRow(float[] db) {
        int cols = Math.min(db.length, 1024);
        if (image == null || cols != columns) {
            columns = cols;
            image = new WritableImage(cols, ROWS);
            row = new int[cols];
            int[] blank = new int[cols * ROWS];
            java.util.Arrays.fill(blank, palette[0]);
            image.getPixelWriter().setPixels(0, 0, cols, ROWS, PixelFormat.getIntArgbInstance(), blank, 0, cols);
            head = 0;
        }
        if (autoRange) {
            track(db);
        }
        head = (head + ROWS - 1) % ROWS;
        int n = db.length;
        for (int c = 0; c < cols; c++) {
            int a = (int) ((long) c * n / cols);
            int b = (int) Math.max(a + 1, (long) (c + 1) * n / cols);
            float peak = Float.NEGATIVE_INFINITY;
            for (int k = a; k < b; k++) {
                peak = Math.max(peak, db[k]);
            }
            double t = (peak - dbMin) / (dbMax - dbMin);
            row[c] = palette[(int) Math.clamp(t * 255, 0, 255)];
        }
        image.getPixelWriter().setPixels(0, head, cols, 1, PixelFormat.getIntArgbInstance(), row, 0, cols);
    }
}
