package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.model.BlockSearch.Hit;
import org.sigflow.graph.BlockInstance;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Quick-add at the cursor: typing on the canvas or Ctrl+F, concept search, typos, the block lands at the cursor. */
@ExtendWith(ApplicationExtension.class)
class QuickAddTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    /** Moves the mouse to a canvas point and returns that point in graph coordinates. */
    private double[] pointAt(FxRobot robot, double x, double y) {
        Point2D screen = window.canvas().localToScreen(x, y);
        robot.moveTo(screen);
        return window.canvas().toWorld(x, y);
    }

    @Test
    void typingLowPassOnTheCanvasAddsTheFirFiltersLowPassDesignAtTheCursor(FxRobot robot) throws Exception {
        robot.clickOn("#graph-canvas");
        double[] w = pointAt(robot, 300, 200);
        robot.write("low pass");
        DesignerFixture.await("the quick-add box", () -> window.quickAdd().isOpen());
        List<Hit> hits = window.quickAdd().hits();
        assertEquals("FIR Filter — Filter: Low Pass", hits.getFirst().title(), () -> "typed: "
                + robot.lookup("#quick-add-field").queryAs(javafx.scene.control.TextField.class).getText());
        Screenshots.save(robot, window.getScene(), "designer-quick-add");
        robot.type(KeyCode.ENTER);
        assertFalse(window.quickAdd().isOpen());
        BlockInstance b = window.document().graph().block("fir_filter_0").orElseThrow();
        assertEquals("low_pass", b.params().get("filter"));
        assertEquals(w[0], b.x(), 10, "added at the cursor (snapped to the grid)");
        assertEquals(w[1], b.y(), 10);
        assertEquals(List.of("fir_filter_0"), List.copyOf(window.document().selectedBlocks()));
    }

    @Test
    void ctrlFWithATypoAndArrowKeys(FxRobot robot) {
        robot.clickOn("#graph-canvas");
        pointAt(robot, 500, 300);
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        DesignerFixture.await("the quick-add box", () -> window.quickAdd().isOpen());
        robot.write("multply cnst");
        assertEquals("multiply_const", window.quickAdd().hits().getFirst().def().id());
        String second = window.quickAdd().hits().get(1).def().id();
        robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
        assertEquals(second, window.document().graph().blocks().getFirst().type(), "Down picked the second hit");
    }

    @Test
    void escapeClosesWithoutAddingAndSelectionKeysStillWork(FxRobot robot) {
        robot.clickOn("#graph-canvas");
        pointAt(robot, 400, 250);
        robot.write("audio");
        DesignerFixture.await("the quick-add box " + window.getScene().getFocusOwner(), () -> window.quickAdd().isOpen());
        assertTrue(window.quickAdd().hits().stream().map(h -> h.def().id()).toList()
                .containsAll(List.of("audio_sink", "audio_source", "wav_source")));
        robot.type(KeyCode.ESCAPE);
        assertFalse(window.quickAdd().isOpen());
        assertTrue(window.document().graph().blocks().isEmpty());
        robot.write("head");
        robot.type(KeyCode.ENTER);
        assertEquals(1, window.document().graph().blocks().size());
        robot.clickOn("#graph-canvas", javafx.scene.input.MouseButton.MIDDLE);
        DesignerFixture.fx(robot, () -> window.document().select(List.of("head_0")));
        robot.type(KeyCode.R); // with a selection R rotates, it does not open the box
        assertFalse(window.quickAdd().isOpen());
        assertEquals(90, window.document().graph().block("head_0").orElseThrow().rotation());
    }
}
