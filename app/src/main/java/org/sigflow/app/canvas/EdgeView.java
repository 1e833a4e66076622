package org.sigflow.app.canvas;

import javafx.scene.Group;
import javafx.scene.paint.Color;
import javafx.scene.shape.CubicCurve;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.StrokeLineCap;
import org.sigflow.graph.Connection;

/** A connection drawn as a curve leaving the output port along its direction and entering the input port. */
public final class EdgeView extends Group {
    private static final double BEND = 80;
    private final Connection connection;
    private final CubicCurve curve = new CubicCurve();
    private final Polygon arrow = new Polygon();

    public EdgeView(Connection connection, Color color, boolean selected, boolean inactive) {
        this.connection = connection;
        setId("edge-" + connection.fromBlock() + "-" + connection.fromPort() + "-" + connection.toBlock() + "-"
                + connection.toPort());
        curve.setFill(null);
        curve.setStroke(selected ? Color.web("#1e88e5") : color.darker());
        curve.setStrokeWidth(selected ? 3.5 : 2.2);
        curve.setStrokeLineCap(StrokeLineCap.ROUND);
        if (inactive) {
            curve.getStrokeDashArray().setAll(5.0, 5.0);
            setOpacity(0.5);
        }
        arrow.setFill(curve.getStroke());
        // A wide transparent twin makes the thin curve easy to click.
        CubicCurve hit = new CubicCurve();
        hit.setFill(null);
        hit.setStroke(Color.TRANSPARENT);
        hit.setStrokeWidth(10);
        hit.startXProperty().bind(curve.startXProperty());
        hit.startYProperty().bind(curve.startYProperty());
        hit.endXProperty().bind(curve.endXProperty());
        hit.endYProperty().bind(curve.endYProperty());
        hit.controlX1Property().bind(curve.controlX1Property());
        hit.controlY1Property().bind(curve.controlY1Property());
        hit.controlX2Property().bind(curve.controlX2Property());
        hit.controlY2Property().bind(curve.controlY2Property());
        getChildren().addAll(hit, curve, arrow);
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
