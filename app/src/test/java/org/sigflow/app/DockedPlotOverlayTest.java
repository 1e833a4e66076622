package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.Image;
import javafx.scene.input.MouseEvent;
import javafx.stage.Popup;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.LiveView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Under software drawing (these tests run Prism sw) every docked plot view (spectrum, time, constellation, eye,
 * histogram, time raster, vector) draws its plot area during a run on a canvas of its own shown in a window of its own
 * exactly over its place, and its axes only when they change, so a frame does not present the whole main window.
 * The graphs feed each sink a constant, so every frame is the same picture: what is seen of each view (the main
 * window's picture with the overlay windows over it) is the same, pixel for pixel, with the plot in its window during
 * the run and drawn in the main window after it, and the screen shows the plot's picture at its place. The mouse over
 * the plot reaches the view (a press, at its place in the view; the spectrum's readout follows the mouse and goes
 * when it leaves), and behind the Problems tab the plot is back in the view (the other fallbacks are the
 * waterfall's, DockedViewOverlayTest).
 */
@ExtendWith(ApplicationExtension.class)
class DockedPlotOverlayTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void spectrumTimeAndConstellationPlotsDrawInWindowsOverTheirPlaces(FxRobot robot) throws Exception {
        List<LiveView> views = runWithOverlays(robot, "steady-plots.graph", List.of("spec", "time", "const"));
        LiveView spec = views.getFirst();

        // the mouse over the spectrum's plot reaches the view: the readout line and level follow it on the screen
        Popup overlay = onFx(robot, () -> window.views().overlayOf("spec").orElseThrow());
        Bounds place = onFx(robot, () -> screenBounds(spec, surfaceIn(overlay)));
        Bounds whole = onFx(robot, () -> spec.localToScreen(spec.getLayoutBounds()));
        Image steady = onFx(robot, () -> overlay.getScene().snapshot(null));
        AtomicReference<double[]> moved = new AtomicReference<>();
        DesignerFixture.fx(robot, () -> spec.addEventHandler(MouseEvent.MOUSE_MOVED,
                e -> moved.set(new double[] {e.getX(), e.getY()})));
        Point2D at = new Point2D(place.getMinX() + 120, place.getMinY() + 60);
        robot.moveTo(at);
        DesignerFixture.await("the move to reach the view", () -> moved.get() != null);
        Point2D local = onFx(robot, () -> spec.screenToLocal(at));
        assertEquals(local.getX(), moved.get()[0], 1);
        assertEquals(local.getY(), moved.get()[1], 1);
        int column = (int) Math.round(at.getX() - place.getMinX());
        DesignerFixture.await("the readout line under the mouse in the plot's window", () -> differingRows(steady,
                onFx(robot, () -> overlay.getScene().snapshot(null)), column) > place.getHeight() / 2);
        assertTrue(onFx(robot, () -> window.views().overlayOf("spec").isPresent()), "the plot still in its window");

        // the mouse leaves the plot's window straight out of the view: the readout goes
        robot.moveTo(new Point2D(whole.getMinX() + 20, whole.getMinY() - 40)); // over the view's title bar
        DesignerFixture.await("the readout gone once the mouse left", () -> differingRows(steady,
                onFx(robot, () -> overlay.getScene().snapshot(null)), column) == 0);

        // the views' tab hidden: the plot is back in the view; shown again: over it again
        Node plot = surfaceIn(overlay);
        robot.clickOn("#tab-problems");
        DesignerFixture.await("the plot back in the view", () -> onFx(robot,
                () -> plot.getScene() == window.getScene() && !overlay.isShowing()));
        robot.clickOn("#tab-views");
        DesignerFixture.await("the overlay again", () -> onFx(robot, () -> window.views().overlayOf("spec")
                .isPresent()));
        stopAndCompare(robot, views);
    }

    @Test
    void eyeHistogramRasterAndVectorPlotsDrawInWindowsOverTheirPlaces(FxRobot robot) throws Exception {
        List<LiveView> views = runWithOverlays(robot, "steady-qt-plots.graph",
                List.of("v_eye", "v_hist", "v_raster", "v_vector"));
        // a press on each plot reaches its view, at the same place in it
        for (LiveView v : views) {
            Bounds place = onFx(robot, () -> screenBounds(v, surfaceIn(window.views().overlayOf(
                    v.getId().substring("view-".length())).orElseThrow())));
            AtomicReference<double[]> pressed = new AtomicReference<>();
            DesignerFixture.fx(robot, () -> v.addEventHandler(MouseEvent.MOUSE_PRESSED,
                    e -> pressed.set(new double[] {e.getX(), e.getY()})));
            Point2D at = new Point2D(place.getMinX() + 30, place.getMinY() + 20);
            robot.moveTo(at).press(javafx.scene.input.MouseButton.PRIMARY)
                    .release(javafx.scene.input.MouseButton.PRIMARY);
            DesignerFixture.await(v.getId() + ": the press to reach the view", () -> pressed.get() != null);
            Point2D local = onFx(robot, () -> v.screenToLocal(at));
            assertEquals(local.getX(), pressed.get()[0], 1, v.getId());
            assertEquals(local.getY(), pressed.get()[1], 1, v.getId());
            robot.moveTo(new Point2D(place.getMinX(), place.getMinY() - 60)); // off the plots, for the comparison
        }
        stopAndCompare(robot, views);
    }

    /** The views' screen pictures during the run (plots in their windows), compared after it; set by runWithOverlays. */
    private List<Image> during;

    /**
     * Opens the graph, runs it until each view's plot is in its window, checks each window's place and size and that
     * the screen's pixels are the same on two frames, and keeps the screen's picture of each view (for
     * {@link #stopAndCompare}).
     */
    private List<LiveView> runWithOverlays(FxRobot robot, String graph, List<String> ids) throws Exception {
        Path file = Path.of(DockedPlotOverlayTest.class.getResource(graph).toURI());
        DesignerFixture.fx(robot, () -> window.files().open(file));
        robot.moveTo("#run-button").clickOn("#run-button"); // the mouse stays off the views
        List<LiveView> views = ids.stream().map(id -> robot.lookup("#view-" + id).<LiveView>query()).toList();
        DesignerFixture.await("every plot in its overlay", () -> onFx(robot, () -> ids.stream().allMatch(
                id -> window.views().overlayOf(id).isPresent()) && views.stream().allMatch(v -> v.framesDrawn() >= 30)));
        during = new java.util.ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            LiveView v = views.get(i);
            String id = ids.get(i);
            Popup overlay = onFx(robot, () -> window.views().overlayOf(id).orElseThrow());
            Canvas plot = (Canvas) surfaceIn(overlay);
            assertNotSame(window.getScene(), plot.getScene(), ids.get(i) + ": the plot is in the overlay's window");
            assertSame(window.getScene(), v.getScene(), ids.get(i) + ": the view itself stays docked");
            // exactly over the plot's place in the view (the plot rectangle, frame line included), of its size
            Bounds place = onFx(robot, () -> screenBounds(v, plot));
            assertEquals(place.getMinX(), overlay.getX(), 0.5, ids.get(i));
            assertEquals(place.getMinY(), overlay.getY(), 0.5, ids.get(i));
            assertEquals(plot.getWidth(), overlay.getScene().getWidth(), 0.5, ids.get(i));
            assertEquals(plot.getHeight(), overlay.getScene().getHeight(), 0.5, ids.get(i));
            Bounds whole = onFx(robot, () -> v.localToScreen(v.getLayoutBounds()));
            assertTrue(plot.getWidth() > whole.getWidth() / 2 && plot.getHeight() > whole.getHeight() / 2,
                    ids.get(i) + ": the plot area is the view's most (" + plot.getWidth() + "x" + plot.getHeight()
                            + " of " + whole.getWidth() + "x" + whole.getHeight() + ")");
            // the screen shows the plot's picture there (Monocle's screen holds only the windows drawn in the last
            // pass: wait for one in which the overlay was drawn)
            Image picture = onFx(robot, () -> overlay.getScene().snapshot(null));
            DesignerFixture.await(id + ": the plot's picture on the screen at its place", () -> differing(picture,
                    capture(robot, place)) == 0);
            // its frame line is where the axes drawn in the view have it (at the same pixels: not shifted), but
            // where a trace crosses it
            Image axes = onFx(robot, () -> v.snapshot(null, null)); // the plot is out of the view: the axes alone
            Bounds inView = onFx(robot, plot::getBoundsInParent);
            int[] sides = frameLineMatches(picture, axes, (int) Math.round(inView.getMinX()),
                    (int) Math.round(inView.getMinY()));
            for (int side = 0; side < 4; side++) {
                assertTrue(sides[side] >= 80, id + ": % of frame line pixels as in the axes, side " + side + ": "
                        + java.util.Arrays.toString(sides));
            }
            during.add(onFx(robot, () -> seen(v)));
        }
        assertTrue(onFx(robot, () -> window.getScene().getWindow().isFocused()), "the overlays take no focus");
        return views;
    }

    /**
     * Stops the run and checks that each view's plot is back in it, drawn in the main window, and that the screen
     * shows each view as it did with the plot in its window: pixel for pixel, axes, labels and plot.
     */
    private void stopAndCompare(FxRobot robot, List<LiveView> views) throws Exception {
        robot.clickOn("#stop-button");
        DesignerFixture.await("the plots back in the views after the run", () -> onFx(robot, () -> views.stream()
                .allMatch(v -> window.views().overlayOf(v.getId().substring("view-".length())).isEmpty())));
        org.sigflow.app.views.FxPulses.await(3);
        for (int i = 0; i < views.size(); i++) {
            LiveView v = views.get(i);
            Image after = onFx(robot, () -> seen(v));
            Image before = during.get(i);
            int wrong = differing(before, after);
            if (wrong > 0) { // for a look: target/screenshots/
                save(before, v.getId() + "-in-overlay");
                save(after, v.getId() + "-in-view");
            }
            assertEquals(0, wrong, v.getId() + ": pixels that differ between the plot in its window (run) and in"
                    + " the view (after)");
        }
    }

    private static void save(Image img, String name) throws java.io.IOException {
        java.awt.image.BufferedImage out = new java.awt.image.BufferedImage((int) img.getWidth(),
                (int) img.getHeight(), java.awt.image.BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < out.getHeight(); y++) {
            for (int x = 0; x < out.getWidth(); x++) {
                out.setRGB(x, y, img.getPixelReader().getArgb(x, y));
            }
        }
        java.nio.file.Files.createDirectories(Path.of("target", "screenshots"));
        javax.imageio.ImageIO.write(out, "png", Path.of("target", "screenshots", name + ".png").toFile());
    }

    /**
     * Per side of the plot's picture (top, bottom, left, right): the % of its edge pixels (the frame line) equal to
     * the axes picture's pixels at the same place ({@code x0, y0}: the plot's top left in the axes picture).
     */
    private static int[] frameLineMatches(Image plot, Image axes, int x0, int y0) {
        int w = (int) plot.getWidth();
        int h = (int) plot.getHeight();
        int[][] edges = {{0, 0, 1, 0, w}, {0, h - 1, 1, 0, w}, {0, 0, 0, 1, h}, {w - 1, 0, 0, 1, h}};
        int[] out = new int[4];
        for (int side = 0; side < 4; side++) {
            int[] e = edges[side];
            int same = 0;
            for (int k = 0; k < e[4]; k++) {
                int x = e[0] + k * e[2];
                int y = e[1] + k * e[3];
                same += plot.getPixelReader().getArgb(x, y) == axes.getPixelReader().getArgb(x0 + x, y0 + y) ? 1 : 0;
            }
            out[side] = 100 * same / e[4];
        }
        return out;
    }

    /** Pixels that differ between two pictures of the same size. */
    private static int differing(Image a, Image b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            throw new AssertionError("pictures of different sizes: " + a.getWidth() + "x" + a.getHeight() + ", "
                    + b.getWidth() + "x" + b.getHeight());
        }
        int wrong = 0;
        for (int y = 0; y < (int) a.getHeight(); y++) {
            for (int x = 0; x < (int) a.getWidth(); x++) {
                wrong += a.getPixelReader().getArgb(x, y) == b.getPixelReader().getArgb(x, y) ? 0 : 1;
            }
        }
        return wrong;
    }

    /**
     * What the user sees of a view: the main window's picture with its showing overlay windows over it where they
     * are on the screen (as an X server shows them; Monocle's screen keeps only the windows of the last pass).
     */
    private Image seen(LiveView v) {
        javafx.scene.Scene scene = window.getScene();
        Image all = Screenshots.withPopups(scene, scene.snapshot(null));
        Bounds b = v.localToScene(v.getLayoutBounds());
        return new javafx.scene.image.WritableImage(all.getPixelReader(), (int) Math.round(b.getMinX()),
                (int) Math.round(b.getMinY()), (int) Math.round(b.getWidth()), (int) Math.round(b.getHeight()));
    }

    /** Rows of the plot whose pixel in {@code column} differs between two pictures of the view. */
    private static int differingRows(Image a, Image b, int column) {
        int n = 0;
        for (int y = 0; y < (int) a.getHeight(); y++) {
            n += a.getPixelReader().getArgb(column, y) == b.getPixelReader().getArgb(column, y) ? 0 : 1;
        }
        return n;
    }

    /** The screen's pixels in {@code b} (at whole pixels: a view's place in the views area may be fractional). */
    private static Image capture(FxRobot robot, Bounds b) {
        return robot.capture(new Rectangle2D(Math.round(b.getMinX()), Math.round(b.getMinY()),
                Math.round(b.getWidth()), Math.round(b.getHeight()))).getImage();
    }

    private static Node surfaceIn(Popup overlay) {
        return ((Group) overlay.getContent().getFirst()).getChildren().getFirst();
    }

    /** A surface's place on the screen, measured in its view (where it is, lent or not). */
    private static Bounds screenBounds(LiveView view, Node surface) {
        return view.localToScreen(surface.getBoundsInParent());
    }

    private static <T> T onFx(FxRobot robot, Callable<T> c) throws Exception {
        return DesignerFixture.onFx(robot, c);
    }
}
