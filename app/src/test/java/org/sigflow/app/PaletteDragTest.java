package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.graph.BlockInstance;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Dragging a block from the palette onto the canvas (a real drag-and-drop gesture, in a window of its own). */
@ExtendWith(ApplicationExtension.class)
class PaletteDragTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    /** Issue 10: a palette entry dragged onto the canvas is added where it was dropped (snapped to the grid). */
    @Test
    void aPaletteBlockDraggedOntoTheCanvasLandsWhereItIsDropped(FxRobot robot) {
        robot.clickOn("#palette-search");
        DesignerFixture.fx(robot, () -> robot.lookup("#palette-search").queryAs(TextField.class).setText("null sink"));
        javafx.geometry.Bounds canvas = window.canvas().localToScreen(window.canvas().getBoundsInLocal());
        javafx.geometry.Point2D target = new javafx.geometry.Point2D(canvas.getMinX() + canvas.getWidth() * 0.6,
                canvas.getMinY() + canvas.getHeight() * 0.55);
        robot.drag("#palette-null_sink").dropTo(target);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("null_sink"), window.document().graph().blocks().stream().map(BlockInstance::type).toList());
        double[] world = window.canvas().toWorld(target.getX() - canvas.getMinX(), target.getY() - canvas.getMinY());
        BlockInstance b = window.document().graph().blocks().getFirst();
        assertEquals(world[0], b.x(), 10.1, "dropped at x");
        assertEquals(world[1], b.y(), 10.1, "dropped at y");
    }

}
