package org.sigflow.app.canvas;

import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * The minimap (View ▸ Minimap): the whole graph in small, every block a rectangle (CUDA blocks green, selected
 * blue), the visible area framed. Clicking or dragging on it centres the view there.
 *
 * <p>It never covers a block: a fit of the graph leaves its corner free; it sits in the canvas's bottom-right
 * corner, or in the first of bottom-left and top-left where no block is drawn, and fades out (letting clicks
 * through) while every one of those corners shows a block (panned or zoomed there). It updates at most once per frame, in the layout pass: the blocks' picture only when the graph or the
 * area it spans changed, the visible-area frame on every pan or zoom (a 500-block pan/zoom used to redraw 500
 * rectangles three times per step).
 */
public final class Minimap extends Pane {
    static final double W = 170;
    static final double H = 110;
    /** Distance from the canvas's edges. */
    static final double MARGIN = 10;
    private static final double PAD = 6;
    private final GraphCanvas canvas;
    private final Canvas blocksLayer = new Canvas(W, H);
    private final Rectangle frame = new Rectangle();
    private List<GraphCanvas.BlockBox> blocks = List.of();
    /** Graph area shown, and its scale to minimap pixels. */
    private Bounds world = new BoundingBox(0, 0, 1, 1);
    private Bounds drawnWorld;
    private double scale = 1;
    private boolean blocksChanged = true;
    private boolean viewChanged = true;
    private boolean clear = true;

    public Minimap(GraphCanvas canvas) {
        this.canvas = canvas;
        setId("minimap");
        setMinSize(W, H);
        setPrefSize(W, H);
        setMaxSize(W, H);
        resize(W, H);
        frame.setFill(null);
        frame.setStroke(Color.web("#e53935"));
        frame.setStrokeWidth(1.5);
        frame.setMouseTransparent(true);
        getChildren().addAll(blocksLayer, frame);
        canvas.onViewChange(this::viewChanged);
        canvas.onRebuilt(() -> {
            blocksChanged = true;
            viewChanged();
        });
        // a fit leaves its corner free while it is shown
        visibleProperty().addListener(o -> canvas.reserveCorner(isVisible() ? W + MARGIN : 0,
                isVisible() ? H + MARGIN : 0));
        canvas.reserveCorner(W + MARGIN, H + MARGIN);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::centre);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::centre);
        addEventHandler(MouseEvent.ANY, MouseEvent::consume);
    }

    private void viewChanged() {
        viewChanged = true;
        requestLayout();
    }

    private void centre(MouseEvent e) {
        double[] w = toWorld(e.getX(), e.getY());
        canvas.centreOn(w[0], w[1]);
    }

    /** A minimap pixel to graph coordinates. */
    public double[] toWorld(double x, double y) {
        update();
        return new double[] {world.getMinX() + (x - PAD) / scale, world.getMinY() + (y - PAD) / scale};
    }

    /** A graph point to minimap pixels. */
    public double[] fromWorld(double x, double y) {
        update();
        return new double[] {PAD + (x - world.getMinX()) * scale, PAD + (y - world.getMinY()) * scale};
    }

    /** False while every corner it may use shows a block (it is then transparent and lets clicks through). */
    public boolean showing() {
        update();
        return clear;
    }

    @Override
    protected void layoutChildren() {
        update();
    }

    /** Brings position, frame and (when needed) the blocks' picture up to date with the canvas. */
    private void update() {
        if (blocksChanged) {
            blocks = canvas.blockBoxes();
        }
        if (!viewChanged && !blocksChanged) {
            return;
        }
        Bounds view = canvas.visibleWorld();
        double minX = view.getMinX();
        double minY = view.getMinY();
        double maxX = view.getMaxX();
        double maxY = view.getMaxY();
        for (GraphCanvas.BlockBox b : blocks) {
            minX = Math.min(minX, b.bounds().getMinX());
            minY = Math.min(minY, b.bounds().getMinY());
            maxX = Math.max(maxX, b.bounds().getMaxX());
            maxY = Math.max(maxY, b.bounds().getMaxY());
        }
        world = new BoundingBox(minX, minY, Math.max(1, maxX - minX), Math.max(1, maxY - minY));
        scale = Math.min((W - 2 * PAD) / world.getWidth(), (H - 2 * PAD) / world.getHeight());
        if (blocksChanged || !world.equals(drawnWorld)) {
            drawBlocks();
            drawnWorld = world;
        }
        blocksChanged = false;
        viewChanged = false;
        double[] v = fromWorld(view.getMinX(), view.getMinY());
        frame.setX(v[0]);
        frame.setY(v[1]);
        frame.setWidth(view.getWidth() * scale);
        frame.setHeight(view.getHeight() * scale);
        place();
    }

    /** The first corner (bottom-right, bottom-left, top-left) where it covers no block; none: it fades out. */
    private void place() {
        double cw = canvas.getWidth();
        double ch = canvas.getHeight();
        double[][] corners = {{cw - W - MARGIN, ch - H - MARGIN}, {MARGIN, ch - H - MARGIN}, {MARGIN, MARGIN}};
        double[] pan = canvas.toWorld(0, 0);
        double zoom = canvas.zoomFactor();
        for (double[] c : corners) {
            // the corner in graph coordinates, compared with the blocks' drawn bounds
            Bounds area = new BoundingBox(pan[0] + c[0] / zoom, pan[1] + c[1] / zoom, W / zoom, H / zoom);
            if (blocks.stream().noneMatch(b -> b.bounds().intersects(area))) {
                relocate(c[0], c[1]);
                setClear(true);
                return;
            }
        }
        relocate(corners[0][0], corners[0][1]);
        setClear(false);
    }

    private void setClear(boolean c) {
        clear = c;
        setOpacity(c ? 1 : 0);
        setMouseTransparent(!c);
    }

    private void drawBlocks() {
        GraphicsContext gc = blocksLayer.getGraphicsContext2D();
        gc.clearRect(0, 0, W, H);
        CanvasPalette pal = CanvasPalette.current();
        gc.setFill(pal.bodyTop().deriveColor(0, 1, 1, 0.87));
        gc.fillRoundRect(0, 0, W, H, 8, 8);
        gc.setStroke(pal.idText());
        gc.setLineWidth(1);
        gc.strokeRoundRect(0.5, 0.5, W - 1, H - 1, 8, 8);
        for (GraphCanvas.BlockBox b : blocks) {
            double x = PAD + (b.bounds().getMinX() - world.getMinX()) * scale;
            double y = PAD + (b.bounds().getMinY() - world.getMinY()) * scale;
            gc.setFill(b.selected() ? Color.web("#1e88e5") : b.cuda() ? DtypeColors.CUDA : Color.web("#607d8b"));
            gc.fillRect(x, y, Math.max(2, b.bounds().getWidth() * scale), Math.max(2, b.bounds().getHeight() * scale));
        }
    }
}
