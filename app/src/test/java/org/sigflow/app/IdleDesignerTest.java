package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.LiveView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * What the designer does when nothing changes: the run badges' and the live views' timers (animation timers, which
 * ask for a pulse 60 times a second) run only during a run and briefly after it, and a badge's new text lays out its
 * own layer, not the canvas (whose layout redrew the grid and so repainted the whole canvas 4 times a second).
 */
@ExtendWith(ApplicationExtension.class)
class IdleDesignerTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void theTimersRunOnlyDuringARun(FxRobot robot) {
        var sample = DesignerFixture.SAMPLES.resolve("throttled-live-views.graph");
        DesignerFixture.fx(robot, () -> window.files().open(sample));
        DesignerFixture.await("no timer before the first run",
                () -> !window.views().polling() && !window.runBadges().ticking());

        robot.clickOn("#run-button");
        LiveView wf = (LiveView) robot.lookup("#view-wf").query();
        DesignerFixture.await("the waterfall to draw", () -> wf.framesDrawn() >= 3);
        DesignerFixture.await("the badges", () -> window.runBadges().text("waterfall") != null);
        DesignerFixture.await("both timers running",
                () -> window.views().polling() && window.runBadges().ticking());

        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        DesignerFixture.await("the badges' timer to stop", () -> !window.runBadges().ticking());
        assertNull(window.runBadges().text("waterfall"), "the badges go with the run");
        DesignerFixture.await("the views' timer to stop after the run's last frames",
                () -> !window.views().polling());
    }

    /**
     * The keyboard starts on the canvas, not in the palette's search field, whose caret would blink (a whole-window
     * present twice a second under software drawing, also during a run with the views hidden); a click in the field
     * and typing still search.
     */
    @Test
    void theKeyboardStartsOnTheCanvasNotInTheSearchField(FxRobot robot) {
        javafx.scene.control.TextField search = robot.lookup("#palette-search").queryAs(
                javafx.scene.control.TextField.class);
        DesignerFixture.await("the canvas to have the keyboard", () -> window.getScene().getFocusOwner()
                == window.canvas());
        assertFalse(search.isFocused(), "the search field has the keyboard at start");
        robot.clickOn("#palette-search").write("null sink");
        DesignerFixture.await("the typed search", () -> "null sink".equals(search.getText()) && search.isFocused());
    }

    @Test
    void aLongerBadgeTextDoesNotLayOutTheCanvas(FxRobot robot) {
        Label badge = new Label("1.0 M/s");
        DesignerFixture.fx(robot, () -> window.canvas().addWorldLayer(badge));
        DesignerFixture.await("the canvas laid out", () -> !window.canvas().isNeedsLayout());
        boolean[] needs = new boolean[1];
        DesignerFixture.fx(robot, () -> {
            badge.setText("12.5 M/s · busy 31 % · buf 100 %");
            needs[0] = window.canvas().isNeedsLayout();
        });
        assertFalse(needs[0], "a badge's text laid out the canvas");
    }
}
