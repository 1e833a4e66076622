package org.sigflow.app.canvas;

import java.util.List;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseEvent;
import javafx.scene.paint.Color;

/**
 * The minimap (View ▸ Minimap): the whole graph in small in the canvas's bottom-right corner, every block a
 * rectangle (CUDA blocks green, selected blue), the visible area framed. Clicking or dragging on it centres the view
 * there.
 */
public final class Minimap extends Canvas {
    static final double W = 170;
    static final double H = 110;
    private static final double PAD = 6;
    private final GraphCanvas canvas;
    /** Graph area shown, and its scale to minimap pixels. */
    private Bounds world = new BoundingBox(0, 0, 1, 1);
    private double scale = 1;

    public Minimap(GraphCanvas canvas) {
        super(W, H);
        this.canvas = canvas;
        setId("minimap");
        Runnable place = () -> relocate(canvas.getWidth() - W - 10, canvas.getHeight() - H - 10);
        canvas.widthProperty().addListener(o -> place.run());
        canvas.heightProperty().addListener(o -> place.run());
        canvas.onViewChange(this::redraw);
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::centre);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::centre);
        addEventHandler(MouseEvent.ANY, MouseEvent::consume);
        place.run();
    }

    private void centre(MouseEvent e) {
        double[] w = toWorld(e.getX(), e.getY());
        canvas.centreOn(w[0], w[1]);
    }

    /** A minimap pixel to graph coordinates. */
    public double[] toWorld(double x, double y) {
        return new double[] {world.getMinX() + (x - PAD) / scale, world.getMinY() + (y - PAD) / scale};
    }

    /** A graph point to minimap pixels. */
    public double[] fromWorld(double x, double y) {
        return new double[] {PAD + (x - world.getMinX()) * scale, PAD + (y - world.getMinY()) * scale};
    }

    void redraw() {
        List<GraphCanvas.BlockBox> blocks = canvas.blockBoxes();
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
        GraphicsContext gc = getGraphicsContext2D();
        gc.clearRect(0, 0, W, H);
        CanvasPalette pal = CanvasPalette.current();
        gc.setFill(pal.bodyTop().deriveColor(0, 1, 1, 0.87));
        gc.fillRoundRect(0, 0, W, H, 8, 8);
        gc.setStroke(pal.idText());
        gc.setLineWidth(1);
        gc.strokeRoundRect(0.5, 0.5, W - 1, H - 1, 8, 8);
        for (GraphCanvas.BlockBox b : blocks) {
            double[] a = fromWorld(b.bounds().getMinX(), b.bounds().getMinY());
            gc.setFill(b.selected() ? Color.web("#1e88e5") : b.cuda() ? DtypeColors.CUDA : Color.web("#607d8b"));
            gc.fillRect(a[0], a[1], Math.max(2, b.bounds().getWidth() * scale),
                    Math.max(2, b.bounds().getHeight() * scale));
        }
        double[] v = fromWorld(view.getMinX(), view.getMinY());
        gc.setStroke(Color.web("#e53935"));
        gc.setLineWidth(1.5);
        gc.strokeRect(v[0], v[1], view.getWidth() * scale, view.getHeight() * scale);
    }
}
