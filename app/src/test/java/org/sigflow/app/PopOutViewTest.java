package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.LiveView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A live view popped out into a window of its own (the button on its title bar, View ▸ Pop Out Live View and
 * Ctrl+Shift+P) keeps drawing the running graph's frames there, also with the dock's tab hidden, and closing the
 * window puts it back; the window is titled by the sink's id and keeps its size for the session.
 */
@ExtendWith(ApplicationExtension.class)
class PopOutViewTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void aPoppedOutViewDrawsInItsOwnWindowAndClosingDocksIt(FxRobot robot) {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        robot.clickOn("#run-button");
        LiveView wf = (LiveView) robot.lookup("#view-wf").query();
        DesignerFixture.await("the waterfall to draw docked", () -> wf.framesDrawn() >= 3);
        assertSame(window.getScene(), wf.getScene());

        robot.clickOn("#pop-wf");
        Stage own = window.views().windowOf("wf").orElseThrow(() -> new AssertionError("no window for 'wf'"));
        assertTrue(own.isShowing());
        assertEquals("waterfall", own.getTitle(), "titled by the sink's id");
        assertSame(own.getScene(), wf.getScene(), "the view is in its own window");
        assertNotSame(window.getScene(), wf.getScene());
        assertTrue(own.getScene().getStylesheets().containsAll(window.getScene().getStylesheets()),
                "the window follows the designer's style sheets (theme)");

        // it keeps drawing there, also when the dock's tab is hidden behind the Problems tab
        robot.clickOn("#tab-problems");
        long before = wf.framesDrawn();
        DesignerFixture.await("the popped-out waterfall to draw", () -> wf.framesDrawn() >= before + 5);
        assertSame(own.getScene(), wf.getScene());
        LiveView spec = (LiveView) robot.lookup("#view-spec").query();
        long specBefore = spec.framesDrawn();
        DesignerFixture.await("more waterfall frames", () -> wf.framesDrawn() >= before + 10);
        assertEquals(specBefore, spec.framesDrawn(), "a docked view behind another tab is not drawn");

        DesignerFixture.fx(robot, () -> own.setWidth(own.getWidth() + 57));
        double width = own.getScene().getWidth();
        DesignerFixture.fx(robot, own::close);
        assertFalse(own.isShowing());
        assertTrue(window.views().windowOf("wf").isEmpty());
        assertSame(window.getScene(), wf.getScene(), "closing the window docked the view");

        // Ctrl+Shift+P pops out the selected sink's view again, at the size its window had
        robot.clickOn("#tab-views");
        DesignerFixture.fx(robot, () -> window.document().select(java.util.List.of("waterfall")));
        robot.clickOn("#status").press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P)
                .release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
        Stage again = window.views().windowOf("wf").orElseThrow(() -> new AssertionError("Ctrl+Shift+P: no window"));
        assertEquals(width, again.getScene().getWidth(), 1, "the window's size is remembered");
        assertSame(again.getScene(), wf.getScene());

        // the run's end leaves the last frame; the Dock button puts the view back
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        long last = wf.framesDrawn();
        assertTrue(last > 0);
        robot.clickOn("#dock-wf");
        assertTrue(window.views().windowOf("wf").isEmpty());
        assertSame(window.getScene(), wf.getScene());
        assertEquals(last, wf.framesDrawn(), "docking keeps what the view shows");
    }
}
