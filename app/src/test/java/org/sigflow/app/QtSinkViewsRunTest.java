package org.sigflow.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.app.views.EyeView;
import org.sigflow.app.views.LiveView;
import org.sigflow.app.views.RasterView;
import org.sigflow.app.views.VectorView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Qt sinks sample runs from the Run button and each of its views (eye, histogram, time raster, vector plot,
 * auto-correlation, matrix) draws frames of its sink; the eye view's picture is not empty.
 */
@ExtendWith(ApplicationExtension.class)
class QtSinkViewsRunTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = DesignerFixture.show(stage);
    }

    @Test
    void everyQtSinkViewDrawsItsFrames(FxRobot robot) throws Exception {
        DesignerFixture.fx(robot, () -> window.files().open(DesignerFixture.SAMPLES.resolve("qt-sinks.graph")));
        robot.clickOn("#run-button");
        assertNotNull(window.runner().running(), window.statusText());
        Map<String, LiveView> views = window.views().views().stream()
                .collect(Collectors.toMap(v -> v.getId().substring("view-".length()), Function.identity()));
        assertTrue(views.get("v_eye") instanceof EyeView);
        assertTrue(views.get("v_hist") instanceof VectorView);
        assertTrue(views.get("v_raster") instanceof RasterView);
        assertTrue(views.get("v_vector") instanceof VectorView);
        assertTrue(views.get("v_autocorr") instanceof VectorView);
        assertTrue(views.get("v_matrix") instanceof RasterView);
        DesignerFixture.await("every Qt sink view to draw frames", () -> views.entrySet().stream()
                .filter(e -> e.getKey().startsWith("v_")).allMatch(e -> e.getValue().framesDrawn() >= 2));
        // what is seen of the view: during a run its plot may be drawn in a window of its own over its place
        WritableImage eye = org.testfx.util.WaitForAsyncUtils.waitFor(org.testfx.util.WaitForAsyncUtils.asyncFx(
                () -> {
                    javafx.geometry.Bounds b = views.get("v_eye").localToScene(views.get("v_eye").getLayoutBounds());
                    WritableImage all = Screenshots.withPopups(window.getScene(), window.getScene().snapshot(null));
                    return new WritableImage(all.getPixelReader(), (int) Math.round(b.getMinX()),
                            (int) Math.round(b.getMinY()), (int) Math.round(b.getWidth()),
                            (int) Math.round(b.getHeight()));
                }));
        int w = (int) eye.getWidth();
        int h = (int) eye.getHeight();
        long blue = 0; // the eye's traces are blue; the plot background is near black
        for (int y = h / 4; y < 3 * h / 4; y++) {
            for (int x = w / 4; x < 3 * w / 4; x++) {
                javafx.scene.paint.Color c = eye.getPixelReader().getColor(x, y);
                blue += c.getBlue() > 0.4 && c.getBlue() > c.getRed() + 0.1 ? 1 : 0;
            }
        }
        assertTrue(blue > 100, "eye traces drawn: " + blue + " blue pixels");
        Screenshots.save(robot, window.getScene(), "designer-qt-sinks");
        robot.clickOn("#stop-button");
        DesignerFixture.await("the graph to stop", () -> window.runner().running() == null);
        assertEquals(null, window.runner().running());
    }
}
