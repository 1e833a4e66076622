package org.sigflow.app.views;

import java.nio.IntBuffer;
import javafx.geometry.Rectangle2D;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.sigflow.display.DisplayFrame;

/**
 * Spectrogram: each frame becomes one pixel row (newest on top), coloured by dBFS. The picture is an image of the
 * plot area's own size in pixels, backed by a {@link PixelBuffer}, used as a ring of rows: a new frame writes one row
 * over the oldest and reports only that row as changed, and two {@link ImageView}s show the ring's two parts, newest
 * first, at one image pixel per screen pixel. Nothing is redrawn or scaled per frame; the axes are drawn on the canvas
 * below only when the size or the frequency span changes (the 2048-bin full-rate benchmark, docs/performance.md).
 * Without a fixed range the colours follow the signal: the noise floor (median bin) sits just above black and 60 dB
 * above it is white, tracked slowly so the picture does not flicker.
 */
public final class WaterfallView extends LiveView {
    private final boolean autoRange;
    private double dbMin;
    private double dbMax;
    private final int[] palette = Colormap.table(256);
    private final ImageView newer = ringPart();
    private final ImageView older = ringPart();
    private PixelBuffer<IntBuffer> pixels;
    private int columns;
    private int rows;
    /** The ring's newest row; the next frame goes one row above it (wrapping to the bottom). */
    private int head;
    private int[] row;
    private float[] sorted = new float[0];
    /** Per row: that row alone (the changed region) and the two parts of the ring when it is the newest. */
    private Rectangle2D[] rowRegion;
    private Rectangle2D[] newerPart;
    private Rectangle2D[] olderPart;
    private long lastRow = -1;
    private boolean axesStale = true;
    private double spanStart = Double.NaN;
    private double spanEnd = Double.NaN;
    private double[] plot = {0, 0, 0, 0};

    /** A fixed colour range in dBFS, or NaN for both to follow the signal. */
    public WaterfallView(String blockId, double dbMin, double dbMax) {
        super(blockId);
        this.autoRange = Double.isNaN(dbMin) || Double.isNaN(dbMax);
        this.dbMin = dbMin;
        this.dbMax = dbMax;
        getChildren().addAll(newer, older);
    }

    private static ImageView ringPart() {
        ImageView v = new ImageView();
        v.setManaged(false);
        v.setSmooth(false);
        v.setMouseTransparent(true);
        return v;
    }

    /** Rows of the picture (the plot's height in pixels), 0 before the first frame. */
    public int rows() {
        return rows;
    }

    /** The colour of the pixel {@code age} rows below the newest, at column {@code column} (for tests). */
    public int pixel(int column, int age) {
        return pixels.getBuffer().get(((head + age) % rows) * columns + column);
    }

    /** Columns of the picture (the plot's width in pixels). */
    public int columns() {
        return columns;
    }

    @Override
    public void reset() {
        pixels = null;
        lastRow = -1;
        if (autoRange) {
            dbMin = Double.NaN;
            dbMax = Double.NaN;
        }
        super.reset();
    }

    @Override
    protected void resized() {
        axesStale = true;
        pixels = null; // the picture is remade at the new size
    }

    @Override
    protected void draw() {
        DisplayFrame f = last;
        double[] x = frequencySpan(f);
        if (axesStale || x[0] != spanStart || x[1] != spanEnd) {
            plot = Axes.frame(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight(), x[0], x[1], 0, 1,
                    Axes::hz, y -> "");
            spanStart = x[0];
            spanEnd = x[1];
            axesStale = false;
        }
        if (f != null && f.sequence() != lastRow) {
            addRow(f.traces().getFirst());
            lastRow = f.sequence();
        }
        show();
    }

    /** Places the two parts of the ring over the plot area: rows head.. on top, then rows 0..head-1. */
    private void show() {
        boolean any = pixels != null;
        newer.setVisible(any);
        older.setVisible(any && head > 0);
        if (!any) {
            return;
        }
        newer.setViewport(newerPart[head]);
        newer.relocate(plot[0] + 1, plot[1] + 1);
        if (head > 0) {
            older.setViewport(olderPart[head]);
            older.relocate(plot[0] + 1, plot[1] + 1 + rows - head);
        }
    }

    private void makePicture() {
        columns = (int) Math.max(1, plot[2] - 1);
        rows = (int) Math.max(1, plot[3] - 1);
        IntBuffer b = IntBuffer.allocate(columns * rows);
        for (int i = 0; i < columns * rows; i++) {
            b.put(i, palette[0]);
        }
        pixels = new PixelBuffer<>(columns, rows, b, PixelFormat.getIntArgbPreInstance());
        WritableImage image = new WritableImage(pixels);
        newer.setImage(image);
        older.setImage(image);
        row = new int[columns];
        rowRegion = new Rectangle2D[rows];
        newerPart = new Rectangle2D[rows];
        olderPart = new Rectangle2D[rows];
        for (int r = 0; r < rows; r++) {
            rowRegion[r] = new Rectangle2D(0, r, columns, 1);
            newerPart[r] = new Rectangle2D(0, r, columns, rows - r);
            olderPart[r] = new Rectangle2D(0, 0, columns, Math.max(1, r));
        }
        head = 0;
    }

    private void addRow(float[] db) {
        if (pixels == null) {
            makePicture();
        }
        if (autoRange) {
            track(db);
        }
        head = (head + rows - 1) % rows;
        int n = db.length;
        for (int c = 0; c < columns; c++) {
            // many bins per column: the column shows their peak, so narrow tones never vanish
            int a = (int) ((long) c * n / columns);
            int b = (int) Math.max(a + 1, (long) (c + 1) * n / columns);
            float peak = Float.NEGATIVE_INFINITY;
            for (int k = a; k < b; k++) {
                peak = Math.max(peak, db[k]);
            }
            double t = (peak - dbMin) / (dbMax - dbMin);
            row[c] = palette[(int) Math.clamp(t * 255, 0, 255)];
        }
        int at = head;
        pixels.updateBuffer(p -> {
            p.getBuffer().put(at * columns, row, 0, columns);
            return rowRegion[at];
        });
    }

    private void track(float[] db) {
        if (sorted.length != db.length) {
            sorted = new float[db.length];
        }
        System.arraycopy(db, 0, sorted, 0, db.length);
        java.util.Arrays.sort(sorted);
        double floor = sorted[sorted.length / 2] - 6;
        if (Double.isNaN(dbMin)) {
            dbMin = floor;
        } else {
            dbMin = 0.95 * dbMin + 0.05 * floor;
        }
        dbMax = dbMin + 60;
    }
}
