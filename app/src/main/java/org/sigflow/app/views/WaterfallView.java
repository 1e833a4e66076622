package org.sigflow.app.views;

import java.nio.IntBuffer;
import javafx.geometry.Rectangle2D;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.sigflow.display.DisplayFrame;

/**
 * Spectrogram: each frame becomes one pixel row (newest on top), coloured by dBFS. The picture is a ring of rows of
 * the plot area's width in pixels (one row more than the plot is high), kept twice over in one image of twice its
 * height (a {@link PixelBuffer}): image rows from the ring's head on are the picture in order, newest first, and one
 * {@link ImageView} shows the plot's height of them by moving its viewport. A new frame writes its row at the ring's
 * new head only; the twins one ring below, which the viewport reaches only after the head wrapped to the ring's
 * bottom, are brought up to date all at once when it does. So a frame changes one image row, one dirty rectangle that
 * Prism copies alone into its texture (two updates between pulses made it copy the whole image, 2.5 MB per frame).
 * Per frame nothing is laid out, scaled or redrawn but that image view: it sits on a backing of the same bounds
 * marked opaque, so the repainted region is the picture alone and the renderer starts there instead of drawing the
 * view's background and axes under it on every frame (the 2048-bin full-rate benchmark, docs/performance.md). The
 * axes are drawn on the canvas below only when the size or the frequency span changes.
 * Without a fixed range the colours follow the signal: the noise floor (median bin) sits just above black and 60 dB
 * above it is white, tracked slowly so the picture does not flicker.
 */
public final class WaterfallView extends LiveView {
    private final boolean autoRange;
    private double dbMin;
    private double dbMax;
    private final int[] palette = Colormap.table(256);
    private final javafx.scene.layout.Region backing = new javafx.scene.layout.Region();
    /** A left inset wider than any view: a fill with it has no area and is not drawn. */
    private static final double NOT_DRAWN = 1e7;
    private final ImageView picture = new ImageView();
    private PixelBuffer<IntBuffer> pixels;
    private int columns;
    private int rows;
    /**
     * Rows in the ring: one more than are shown, so the image row just past the shown ones is the oldest row, not the
     * newest one's twin (the software renderer's sampling can bleed that row into the bottom pixel row).
     */
    private int ring;
    /** The ring's newest row; the next frame goes one row above it (wrapping to the bottom). */
    private int head;
    private int[] row;
    private float[] scratch = new float[0];
    /** Per ring row: the viewport that shows the picture with that row newest. */
    private Rectangle2D[] viewport;
    /** Per ring row: that row alone (the region a new frame changes). */
    private Rectangle2D[] rowRegion;
    /** The ring's last row and every twin row: what a frame that wraps the ring changes. */
    private Rectangle2D twinsRegion;
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
        backing.setManaged(false);
        backing.setMouseTransparent(true);
        // The backing is marked opaque (so the renderer starts at it: the repaint is the picture alone) but draws
        // nothing: the picture over it covers every one of its pixels with opaque ones. Its one fill is inset past
        // its own width, which JavaFX skips when drawing; a fill drawn there was a third pass over the picture's area
        // per frame (clear, fill, image) in the software renderer.
        backing.setBackground(new javafx.scene.layout.Background(new javafx.scene.layout.BackgroundFill(
                javafx.scene.paint.Color.BLACK, null, new javafx.geometry.Insets(0, 0, 0, NOT_DRAWN))));
        backing.setOpaqueInsets(javafx.geometry.Insets.EMPTY);
        picture.setManaged(false);
        picture.setSmooth(false);
        picture.setMouseTransparent(true);
        getChildren().addAll(backing, picture);
    }

    /** The picture: the only node a frame changes (kept last among the view's children). */
    @Override
    protected javafx.scene.Node surface() {
        return picture;
    }

    /** Rows of the picture (the plot's height in pixels), 0 before the first frame. */
    public int rows() {
        return rows;
    }

    /** The colour of the pixel {@code age} rows below the newest, at column {@code column} (for tests). */
    public int pixel(int column, int age) {
        return pixels.getBuffer().get((head + age) * columns + column);
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
        picture.setVisible(pixels != null);
        backing.setVisible(pixels != null);
        if (pixels != null) {
            picture.setViewport(viewport[head]); // the only per-frame change of the scene graph
        }
    }

    private void makePicture() {
        columns = (int) Math.max(1, plot[2] - 1);
        rows = (int) Math.max(1, plot[3] - 1);
        ring = rows + 1;
        IntBuffer b = IntBuffer.allocate(columns * ring * 2);
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, palette[0]);
        }
        pixels = new PixelBuffer<>(columns, ring * 2, b, PixelFormat.getIntArgbPreInstance());
        picture.setImage(new WritableImage(pixels));
        row = new int[columns];
        viewport = new Rectangle2D[ring];
        rowRegion = new Rectangle2D[ring];
        for (int r = 0; r < ring; r++) {
            viewport[r] = new Rectangle2D(0, r, columns, rows);
            rowRegion[r] = new Rectangle2D(0, r, columns, 1);
        }
        twinsRegion = new Rectangle2D(0, ring - 1, columns, ring + 1);
        picture.relocate(plot[0] + 1, plot[1] + 1);
        backing.resizeRelocate(plot[0] + 1, plot[1] + 1, columns, rows);
        head = 0;
    }

    private void addRow(float[] db) {
        if (pixels == null) {
            makePicture();
        }
        if (autoRange) {
            track(db);
        }
        head = (head + ring - 1) % ring;
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
        boolean wrapped = head == ring - 1;
        pixels.updateBuffer(p -> {
            int[] px = p.getBuffer().array();
            System.arraycopy(row, 0, px, head * columns, columns);
            if (!wrapped) {
                return rowRegion[head];
            }
            // the viewport now reaches into the twins: bring them all up to date at once
            System.arraycopy(px, 0, px, ring * columns, ring * columns);
            return twinsRegion;
        });
    }

    private void track(float[] db) {
        if (scratch.length != db.length) {
            scratch = new float[db.length];
        }
        System.arraycopy(db, 0, scratch, 0, db.length);
        double floor = Median.select(scratch, scratch.length / 2) - 6;
        if (Double.isNaN(dbMin)) {
            dbMin = floor;
        } else {
            dbMin = 0.95 * dbMin + 0.05 * floor;
        }
        dbMax = dbMin + 60;
    }
}
