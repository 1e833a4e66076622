package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.FrameChannel;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;
import org.sigflow.graph.Graph;
import org.sigflow.graph.ViewLayout;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The raster, histogram, vector and eye views draw their frames where the axes put them: checked on the pixels of a
 * snapshot of each view (400 x 300, plot inside {@link Axes}' margins).
 */
@ExtendWith(ApplicationExtension.class)
class QtSinkViewsTest {
    private static final int W = 400;
    private static final int H = 300;
    private final FrameChannel channel = new FrameChannel();
    private Pane root;

    @Start
    void start(Stage stage) {
        root = new Pane();
        stage.setScene(new Scene(root, W, H));
        stage.show();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) {
        return org.testfx.util.WaitForAsyncUtils.waitFor(org.testfx.util.WaitForAsyncUtils.asyncFx(c));
    }

    /** Shows {@code view}, gives it {@code frame} and returns a snapshot. */
    private WritableImage draw(FxRobot robot, LiveView view, DisplayFrame frame) {
        robot.interact(() -> {
            view.setPrefSize(W, H);
            root.getChildren().setAll(view);
            root.layout();
            channel.publish(frame);
            view.poll(new StubRun("sink", channel, java.util.List.of()));
        });
        assertEquals("1 frames, 0 dropped", view.note());
        return onFx(() -> view.snapshot(null, null));
    }

    private static double plotX(double u) { // u in [0, 1] across the plot area
        return Axes.LEFT + u * (W - Axes.LEFT - Axes.RIGHT);
    }

    private static double plotY(double u) { // u in [0, 1] from the bottom of the plot area
        return H - Axes.BOTTOM - u * (H - Axes.TOP - Axes.BOTTOM);
    }

    @Test
    void rasterDrawsEachRowTopDownInTheWaterfallColours(FxRobot robot) {
        // 3 rows x 4 columns, z from 0 to 1: row r, column c holds (4r + c) / 11
        List<float[]> rows = List.of(new float[] {0, 1 / 11f, 2 / 11f, 3 / 11f},
                new float[] {4 / 11f, 5 / 11f, 6 / 11f, 7 / 11f}, new float[] {8 / 11f, 9 / 11f, 10 / 11f, 1});
        RasterView view = (RasterView) ViewKinds.create(new ViewLayout("v", "raster", "sink", 0, 0, W, H,
                Map.of("z_min", "0", "z_max", "1")), t -> false);
        WritableImage shot = draw(robot, view, new DisplayFrame(1, 0, 1, rows, 12));
        int[] palette = Colormap.table(256);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++) {
                int x = (int) plotX((c + 0.5) / 4);
                int y = (int) plotY(1 - (r + 0.5) / 3);
                int expected = palette[(int) Math.round((4 * r + c) / 11.0 * 255)];
                assertEquals(expected, view.cell(r, c), "cell " + r + "," + c);
                assertEquals(expected, shot.getPixelReader().getArgb(x, y), "screen cell " + r + "," + c);
            }
        }
    }

    @Test
    void histogramBarsRiseToTheirCounts(FxRobot robot) {
        VectorView view = (VectorView) ViewKinds.create(new ViewLayout("v", "histogram", "sink", 0, 0, W, H,
                Map.of()), t -> false);
        // 4 bins centred on -0.75 .. 0.75: counts 10, 0, 40, 20
        WritableImage shot = draw(robot, view, new DisplayFrame(1, -0.75, 0.5, List.of(new float[] {10, 0, 40, 20}),
                70));
        double[] y = view.yRange();
        assertEquals(0, y[0], 0, "bars stand on zero");
        int tall = (int) plotX(2.5 / 4);      // the middle of bin 2 (the x axis spans 4 bins)
        int empty = (int) plotX(1.5 / 4);
        int just = (int) plotY((40 - 4) / (y[1] - y[0]));     // just under bin 2's top
        int above = (int) plotY((40 + 2) / (y[1] - y[0]));    // just above it
        assertEquals(true, barColoured(shot.getPixelReader().getColor(tall, just)), "inside the tall bar");
        assertEquals(false, barColoured(shot.getPixelReader().getColor(tall, above)), "above the tall bar");
        assertEquals(false, barColoured(shot.getPixelReader().getColor(empty, just)), "the empty bin");
        int half = (int) plotY(10 / (y[1] - y[0]));          // bin 3 (20) reaches over half of bin 2's height
        assertEquals(true, barColoured(shot.getPixelReader().getColor((int) plotX(3.5 / 4), half)), "bin 3");
        assertEquals(false, barColoured(shot.getPixelReader().getColor((int) plotX(0.5 / 4),
                (int) plotY(15 / (y[1] - y[0])))), "bin 0 (10) ends below 15");
    }

    @Test
    void vectorPlotUsesTheSinksYRangeAndTheFramesX(FxRobot robot) {
        Graph g = Graph.EMPTY.withBlock(new BlockInstance("sink", "vector_plot_sink",
                Map.of("y_min", "0", "y_max", "10", "autoscale", "False"), BlockState.ENABLED, 0, 0, 0, ""));
        VectorView view = (VectorView) ViewKinds.create(new ViewLayout("v", "vector", "sink", 0, 0, W, H, Map.of()),
                t -> false, g);
        // a flat line at 5 over x = 0 .. 1: the middle row of the plot
        float[] flat = new float[11];
        java.util.Arrays.fill(flat, 5);
        WritableImage shot = draw(robot, view, new DisplayFrame(1, 0, 0.1, List.of(flat), 11));
        assertEquals(List.of(0.0, 10.0), List.of(view.yRange()[0], view.yRange()[1]), "the sink's y_min, y_max");
        int y = (int) Math.round(plotY(0.5));
        int hits = 0;
        for (int dy = -1; dy <= 1; dy++) {
            Color c = shot.getPixelReader().getColor((int) plotX(0.3), y + dy);
            hits += c.getBlue() > 0.6 && c.getRed() < 0.6 ? 1 : 0;
        }
        assertNotEquals(0, hits, "the line crosses the middle of the plot");
        Color quarter = shot.getPixelReader().getColor((int) plotX(0.3), (int) plotY(0.25));
        assertEquals(Axes.BACKGROUND, quarter, "nothing at y = 2.5");
    }

    @Test
    void eyeDrawsRealTracesBlueAndImaginaryOrange(FxRobot robot) {
        Graph g = Graph.EMPTY.withBlock(new BlockInstance("sink", "eye_sink",
                Map.of("type", "cf32", "y_min", "-1", "y_max", "1"), BlockState.ENABLED, 0, 0, 0, ""));
        EyeView view = (EyeView) ViewKinds.create(new ViewLayout("v", "eye", "sink", 0, 0, W, H, Map.of()),
                t -> false, g);
        float[] re = new float[9];
        float[] im = new float[9];
        java.util.Arrays.fill(re, 0.5f);
        java.util.Arrays.fill(im, -0.5f);
        WritableImage shot = draw(robot, view, new DisplayFrame(1, 0, 1e-3, List.of(re, re, im, im), 9));
        Color top = brightestAround(shot, (int) plotX(0.5), (int) Math.round(plotY(0.75)));
        Color bottom = brightestAround(shot, (int) plotX(0.5), (int) Math.round(plotY(0.25)));
        assertEquals(true, top.getBlue() > top.getRed(), "real parts at +0.5 in blue: " + top);
        assertEquals(true, bottom.getRed() > bottom.getBlue(), "imaginary parts at -0.5 in orange: " + bottom);
    }

    private static boolean barColoured(Color c) {
        return c.getBlue() > 0.5 && c.getRed() < 0.5;
    }

    private static Color brightestAround(WritableImage img, int x, int y) {
        Color best = Color.BLACK;
        for (int dy = -1; dy <= 1; dy++) {
            Color c = img.getPixelReader().getColor(x, y + dy);
            best = c.getBrightness() > best.getBrightness() ? c : best;
        }
        return best;
    }
}
