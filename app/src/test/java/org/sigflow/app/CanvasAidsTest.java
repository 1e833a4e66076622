package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.canvas.DtypeColors;
import org.sigflow.app.canvas.Minimap;
import org.sigflow.app.model.GraphEdits;
import org.sigflow.catalog.Dtype;
import org.sigflow.graph.Graph;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The port legend and the minimap on the canvas. */
@ExtendWith(ApplicationExtension.class)
class CanvasAidsTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void thePortLegendShowsEachStreamTypesColourAndTheViewMenuHidesIt(FxRobot robot) {
        assertTrue(window.portLegend().isVisible());
        for (Dtype d : Dtype.values()) {
            assertEquals(DtypeColors.of(d), window.portLegend().swatch(d.id()).getFill(), d.id());
        }
        assertEquals(DtypeColors.CUDA.darker(), window.portLegend().swatch("gpu").getStroke());
        assertFalse(window.portLegend().isOpen(), "a small tab until the mouse is over it");
        robot.moveTo("#port-legend");
        assertTrue(window.portLegend().isOpen());
        assertTrue(robot.lookup("cf32  complex float32").tryQuery().isPresent(), "the legend names the type");
        Bounds legend = window.portLegend().getBoundsInParent();
        assertTrue(legend.getMaxX() <= window.canvas().getWidth() && legend.getMinY() >= 0, "inside the canvas");
        robot.clickOn("#port-legend").moveTo("#graph-canvas");
        assertTrue(window.portLegend().isOpen(), "pinned open by a click");
        robot.clickOn("View").clickOn("Port Legend");
        assertFalse(window.portLegend().isVisible());
    }

    @Test
    void clickingTheMinimapCentresTheViewThere(FxRobot robot) throws Exception {
        Graph g = Graph.EMPTY;
        var catalog = window.document().catalog();
        g = GraphEdits.addBlock(catalog.find("signal_source").orElseThrow(), "near", 0, 0).apply(g);
        g = GraphEdits.addBlock(catalog.find("null_sink").orElseThrow(), "far", 3000, 2000).apply(g);
        Graph built = g;
        DesignerFixture.fx(robot, () -> {
            window.document().load(built, null);
            window.canvas().zoomBy(1 / window.canvas().zoomFactor());
            window.canvas().centreOn(50, 50);
        });
        Bounds far = window.canvas().node("far").orElseThrow().getBoundsInParent();
        assertFalse(window.canvas().visibleWorld().contains(far.getCenterX(), far.getCenterY()));
        Minimap map = window.minimap();
        double[] p = map.fromWorld(far.getCenterX(), far.getCenterY());
        assertTrue(p[0] > 0 && p[0] < map.getWidth() && p[1] > 0 && p[1] < map.getHeight(), "the far block is on it");
        Point2D screen = map.localToScreen(p[0], p[1]);
        robot.clickOn(screen);
        Bounds view = window.canvas().visibleWorld();
        assertTrue(view.contains(far.getCenterX(), far.getCenterY()), view + " shows " + far);
        assertEquals(far.getCenterX(), view.getCenterX(), 3 / map.getWidth() * 3000 + 1, "centred on the click");
        robot.moveTo("#port-legend");
        Screenshots.save(robot, window.getScene(), "designer-minimap-legend");
    }
}
