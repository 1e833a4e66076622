package org.sigflow.app.canvas;

import javafx.scene.Group;
import javafx.scene.paint.Color;
import javafx.scene.shape.CubicCurve;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.StrokeLineCap;
import org.sigflow.graph.Connection;

/**
 * A connection drawn as a curve leaving the output port along its direction and entering the input port. An edge
 * whose samples live in GPU memory gets a green halo under its dtype colour. A message edge (asynchronous messages
 * between message ports, not samples) is dashed and grey, as in GNU Radio Companion.
 */
public final class EdgeView extends Group {
    private static final double BEND = 80;
    private final Connection connection;
    private final CubicCurve curve = new CubicCurve();
    private final Polygon arrow = new Polygon();

    public EdgeView(Connection connection, Color color, boolean selected, boolean inactive, boolean gpu) {
        this(connection, color, selected, inactive, gpu, false);
    }

    public EdgeView(Connection connection, Color color, boolean selected, boolean inactive, boolean gpu,
                    boolean message) {
        this.connection = connection;
        setId("edge-" + connection.fromBlock() + "-" + connection.fromPort() + "-" + connection.toBlock() + "-"
                + connection.toPort());
        curve.setFill(null);
        curve.setStroke(selected ? Color.web("#1e88e5") : color.darker());
        curve.setStrokeWidth(selected ? 3.5 : 2.2);
        curve.setStrokeLineCap(StrokeLineCap.ROUND);
        if (message) {
            curve.getStrokeDashArray().setAll(9.0, 6.0);
            getStyleClass().add("message-edge");
        }
        if (inactive) {
            curve.getStrokeDashArray().setAll(5.0, 5.0);
            setOpacity(0.5);
        }
        arrow.setFill(curve.getStroke());
        // A wide invisible twin makes the thin curve easy to click. Opacity 0, not a transparent stroke: the
        // renderer skips a node of opacity 0 (picking does not), but rasterises a transparent stroke like any other.
        CubicCurve hit = twin(curve);
        hit.setStroke(Color.BLACK);
        hit.setOpacity(0);
        hit.setStrokeWidth(10);
        getChildren().addAll(hit, curve, arrow);
        if (gpu) {
            CubicCurve halo = twin(curve);
            halo.setStroke(DtypeColors.CUDA.deriveColor(0, 1, 1, 0.45));
            halo.setStrokeWidth(8);
            halo.setMouseTransparent(true);
            halo.setId("gpu-halo");
            getChildren().add(1, halo);
        }
    }

    /** A curve that follows {@code c}'s shape, for a hit area or a halo. */
    private static CubicCurve twin(CubicCurve c) {
        CubicCurve t = new CubicCurve();
        t.setFill(null);
        t.startXProperty().bind(c.startXProperty());
        t.startYProperty().bind(c.startYProperty());
        t.endXProperty().bind(c.endXProperty());
        t.endYProperty().bind(c.endYProperty());
        t.controlX1Property().bind(c.controlX1Property());
        t.controlY1Property().bind(c.controlY1Property());
        t.controlX2Property().bind(c.controlX2Property());
        t.controlY2Property().bind(c.controlY2Property());
        return t;
    }

    /** The drawn curve's dash pattern (empty for a solid stream edge), for tests. */
    public java.util.List<Double> dashes() {
        return java.util.List.copyOf(curve.getStrokeDashArray());
    }

    public Connection connection() {
        return connection;
    }

    /** Routes the curve from (x1, y1) leaving along (d1x, d1y) to (x2, y2) entering against (d2x, d2y). */
    public void route(double x1, double y1, double d1x, double d1y, double x2, double y2, double d2x, double d2y) {
        // Near ports get a gentle curve (a long bend would loop); far ones a fuller one, capped.
        double bend = Math.clamp(Math.hypot(x2 - x1, y2 - y1) / 2, 8, BEND);
        curve.setStartX(x1);
        curve.setStartY(y1);
        curve.setControlX1(x1 + d1x * bend);
        curve.setControlY1(y1 + d1y * bend);
        curve.setControlX2(x2 + d2x * bend);
        curve.setControlY2(y2 + d2y * bend);
        curve.setEndX(x2);
        curve.setEndY(y2);
        // Arrow head at the input, pointing into the port (against the port's outward direction).
        double ax = -d2x;
        double ay = -d2y;
        double px = -ay;
        double py = ax;
        arrow.getPoints().setAll(x2, y2, x2 - ax * 9 + px * 4.5, y2 - ay * 9 + py * 4.5,
                x2 - ax * 9 - px * 4.5, y2 - ay * 9 - py * 4.5);
    }
}
