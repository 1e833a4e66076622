package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.image.Image;
import javafx.scene.input.MouseEvent;
import javafx.stage.Popup;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.WaterfallView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Under software drawing (these tests run Prism sw) a docked waterfall's picture is drawn during a run in a window of
 * its own exactly over its place, so a frame does not present the whole main window: the screen shows the view's own
 * rows there, the main window keeps the focus, the mouse over the picture reaches the view, and whenever the overlay
 * could look wrong (the views' tab hidden, the picture partly scrolled out or under another panel, the main window
 * iconified; Monocle keeps every window focused, so the focus rule is not exercised) or the run ends, the picture is
 * back in the view.
 */
@ExtendWith(ApplicationExtension.class)
class DockedViewOverlayTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void aDockedWaterfallDrawsInAWindowOverItsPlaceDuringARun(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        robot.clickOn("#run-button");
        WaterfallView wf = (WaterfallView) robot.lookup("#view-wf").query();
        DesignerFixture.await("the waterfall's picture in its overlay", () -> onFx(robot,
                () -> window.views().overlayOf("wf").isPresent() && wf.framesDrawn() >= 40));
        Popup overlay = onFx(robot, () -> window.views().overlayOf("wf").orElseThrow());
        Node picture = onFx(robot, () -> ((Group) overlay.getContent().getFirst()).getChildren().getFirst());
        assertNotSame(window.getScene(), picture.getScene(), "the picture is in the overlay's window");
        assertSame(window.getScene(), wf.getScene(), "the view itself stays docked");
        assertTrue(onFx(robot, () -> window.getScene().getWindow().isFocused()), "the overlay takes no focus");

        // exactly over the picture's place in the view, and of its size
        Bounds place = onFx(robot, () -> wf.localToScreen(picture.getBoundsInParent()));
        assertEquals(place.getMinX(), overlay.getX(), 0.5);
        assertEquals(place.getMinY(), overlay.getY(), 0.5);
        assertEquals(wf.columns(), overlay.getScene().getWidth(), 0.5);
        assertEquals(wf.rows(), overlay.getScene().getHeight(), 0.5);

        // the screen shows there the view's rows, newest on top (k frames may have come since the screen was drawn),
        // once the overlay's first frames are on it. Monocle's screen holds only the windows drawn in its last pass
        // (other views' overlays may be drawn alone): look again, for a while, until a pass drew this one
        org.sigflow.app.views.FxPulses.await(3);
        StringBuilder misses = new StringBuilder();
        long until = System.nanoTime() + 10_000_000_000L;
        int matched = -1;
        while (matched < 0 && System.nanoTime() < until) {
            Image screen = robot.capture(new Rectangle2D(place.getMinX(), place.getMinY(), wf.columns(), wf.rows()))
                    .getImage();
            int[][] rows = onFx(robot, () -> {
                int[][] r = new int[wf.rows()][wf.columns()];
                for (int age = 0; age < r.length; age++) {
                    for (int c = 0; c < r[age].length; c++) {
                        r[age][c] = wf.pixel(c, age);
                    }
                }
                return r;
            });
            misses.setLength(0);
            for (int k = 0; k <= 20 && matched < 0; k++) {
                int wrong = 0;
                for (int age = 0; age < 30; age++) {
                    for (int c = 0; c < rows[0].length; c++) {
                        wrong += screen.getPixelReader().getArgb(c, age) == rows[age + k][c] ? 0 : 1;
                    }
                }
                matched = wrong == 0 ? k : -1;
                misses.append(' ').append(wrong);
            }
        }
        assertTrue(matched >= 0, "the screen's top rows at the picture's place are the view's rows, 0 to 20 frames"
                + " older (pixels wrong per age offset:" + misses + ")");

        // a click on the picture reaches the view in the main window, at the same place in it
        AtomicReference<double[]> pressed = new AtomicReference<>();
        DesignerFixture.fx(robot, () -> wf.addEventHandler(MouseEvent.MOUSE_PRESSED,
                e -> pressed.set(new double[] {e.getX(), e.getY()})));
        robot.moveTo(new javafx.geometry.Point2D(place.getMinX() + 20, place.getMinY() + 10)).press(
                javafx.scene.input.MouseButton.PRIMARY).release(javafx.scene.input.MouseButton.PRIMARY);
        DesignerFixture.await("the press to reach the view", () -> pressed.get() != null);
        Bounds local = onFx(robot, picture::getBoundsInParent);
        assertEquals(local.getMinX() + 20, pressed.get()[0], 1);
        assertEquals(local.getMinY() + 10, pressed.get()[1], 1);

        // the views' tab hidden: the picture is back in the view; shown again: over it again
        robot.clickOn("#tab-problems");
        DesignerFixture.await("the picture back in the view", () -> onFx(robot,
                () -> picture.getScene() == window.getScene() && !overlay.isShowing()));
        robot.clickOn("#tab-views");
        DesignerFixture.await("the overlay again", () -> onFx(robot, () -> window.views().overlayOf("wf")
                .isPresent()));

        // partly scrolled out of the views area: back in the view; scrolled back: over it again
        DesignerFixture.fx(robot, () -> window.views().setVvalue(window.views().getVmax()));
        DesignerFixture.await("the picture back in the view when partly scrolled out", () -> onFx(robot,
                () -> picture.getScene() == window.getScene()));
        DesignerFixture.fx(robot, () -> window.views().setVvalue(window.views().getVmin()));
        DesignerFixture.await("the overlay when wholly in sight again", () -> onFx(robot,
                () -> window.views().overlayOf("wf").isPresent()));

        // another view panel dragged over the picture: back in the view; moved away again: over it again
        Node constBar = ((javafx.scene.Parent) robot.lookup("#view-const").query().getParent())
                .getChildrenUnmodifiable().getFirst();
        robot.drag(constBar).moveBy(-300, 0).drop();
        DesignerFixture.await("the picture back in the view under another panel", () -> onFx(robot,
                () -> picture.getScene() == window.getScene()));
        robot.drag(constBar).moveBy(300, 0).drop();
        DesignerFixture.await("the overlay when no panel lies over it", () -> onFx(robot,
                () -> window.views().overlayOf("wf").isPresent()));

        // the main window iconified (as when it is not focused: Monocle keeps every window focused, so that rule is
        // not exercised here): back in the view, drawing on; restored: over it again
        Stage main = (Stage) window.getScene().getWindow();
        DesignerFixture.fx(robot, () -> main.setIconified(true));
        DesignerFixture.await("the picture back in the view while the window is iconified", () -> onFx(robot,
                () -> picture.getScene() == window.getScene()));
        long drawn = wf.framesDrawn();
        DesignerFixture.await("frames drawn in the view", () -> wf.framesDrawn() >= drawn + 5);
        assertTrue(onFx(robot, () -> window.views().overlayOf("wf").isEmpty()));
        DesignerFixture.fx(robot, () -> main.setIconified(false));
        DesignerFixture.await("the overlay once the window is restored", () -> onFx(robot,
                () -> window.views().overlayOf("wf").isPresent()));

        // the run's end: the last frame stays, in the view
        robot.clickOn("#stop-button");
        DesignerFixture.await("the picture back in the view after the run", () -> onFx(robot,
                () -> picture.getScene() == window.getScene() && !overlay.isShowing()));
        assertFalse(onFx(robot, () -> window.views().overlayOf("wf").isPresent()));
    }

    /**
     * The timing table is redrawn on the pulses that update the views' notes (and the canvas's run badges), not on
     * pulses of its own: under software drawing each pulse that changes the main window presents all of it.
     */
    @Test
    void theTimingTableIsRedrawnOnThePulsesThatUpdateTheNotes(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve(
                "throttled-live-views.graph")));
        robot.clickOn("#run-button");
        org.sigflow.app.views.TimingView timing = (org.sigflow.app.views.TimingView) robot.lookup("#view-timing")
                .query();
        javafx.scene.control.Label note = robot.from(robot.lookup("#view-wf").<Node>query().getParent())
                .lookup(".view-note").query();
        DesignerFixture.await("the timing table", () -> timing.framesDrawn() >= 2);
        int[] counts = new int[3]; // timing redraws, of them on a pulse that changed the note, pulses
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        DesignerFixture.fx(robot, () -> new javafx.animation.AnimationTimer() { // runs after the views' timer
            private long polls = timing.framesDrawn();
            private String text = note.getText();

            @Override
            public void handle(long now) {
                boolean redrawn = timing.framesDrawn() != polls;
                boolean noted = !note.getText().equals(text);
                polls = timing.framesDrawn();
                text = note.getText();
                counts[0] += redrawn ? 1 : 0;
                counts[1] += redrawn && noted ? 1 : 0;
                if (++counts[2] >= 150) {
                    stop();
                    done.countDown();
                }
            }
        }.start());
        assertTrue(done.await(60, java.util.concurrent.TimeUnit.SECONDS), "150 pulses");
        assertTrue(counts[0] >= 4, "timing redraws in 150 pulses: " + counts[0]);
        assertEquals(counts[0], counts[1], "timing redraws on a pulse that changed the waterfall's note");
        robot.clickOn("#stop-button");
    }

    private static <T> T onFx(FxRobot robot, Callable<T> c) throws Exception {
        return DesignerFixture.onFx(robot, c);
    }
}
