package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sigflow.display.DisplayFrame;
import org.sigflow.display.FrameChannel;
import org.sigflow.runtime.LiveRun;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The waterfall writes one pixel row per frame into a picture of the plot's own size, newest on top, and what the
 * screen shows is that ring of rows in order: three frames with a tone in three different bins appear as three rows
 * from the top, each bright in its own column, the rest at the bottom of the colour scale.
 */
@ExtendWith(ApplicationExtension.class)
class WaterfallViewTest {
    private static final int BINS = 2048;
    private final FrameChannel channel = new FrameChannel();
    private WaterfallView view;

    @Start
    void start(Stage stage) {
        view = new WaterfallView("wf", -100, 0); // fixed range: 0 dB is the top colour, -100 dB the bottom
        view.setPrefSize(400, 300);
        stage.setScene(new Scene(new Pane(view), 400, 300));
        stage.show();
    }

    /** A frame whose bin {@code tone} is at 0 dBFS and every other at -100. */
    private static DisplayFrame frame(long seq, int tone) {
        float[] db = new float[BINS];
        java.util.Arrays.fill(db, -100);
        db[tone] = 0;
        return new DisplayFrame(seq, -1024, 1, List.of(db), seq * BINS);
    }

    /** The column whose bins [c n / cols, (c + 1) n / cols) hold {@code bin}. */
    private int columnOf(int bin) {
        int cols = view.columns();
        for (int c = 0; c < cols; c++) {
            if ((long) (c + 1) * BINS / cols > bin) {
                return c;
            }
        }
        throw new AssertionError(bin);
    }

    /** The value of {@code c} computed on the JavaFX thread. */
    private static <T> T onFx(java.util.concurrent.Callable<T> c) {
        return org.testfx.util.WaitForAsyncUtils.waitFor(org.testfx.util.WaitForAsyncUtils.asyncFx(c));
    }

    @Test
    void eachFrameIsOneRowNewestOnTop(FxRobot robot) {
        LiveRun run = new StubRun("wf", channel, List.of());
        int[] tones = {100, 1000, 2000};
        robot.interact(() -> {
            for (int i = 0; i < tones.length; i++) {
                channel.publish(frame(i + 1, tones[i]));
                view.poll(run);
            }
            view.poll(run); // no new frame: no new row
        });
        // the plot area inside the axes' frame, one picture pixel per screen pixel
        assertEquals(300 - Axes.TOP - Axes.BOTTOM - 1, view.rows(), 1);
        assertEquals(400 - Axes.LEFT - Axes.RIGHT - 1, view.columns(), 1);
        int[] palette = Colormap.table(256);
        WritableImage shot = onFx(() -> view.snapshot(null, null));
        int left = (int) Axes.LEFT + 1;
        int top = (int) Axes.TOP + 1;
        for (int age = 0; age < 3; age++) {
            int tone = tones[tones.length - 1 - age]; // the newest frame's row is at the top
            int column = columnOf(tone);
            assertEquals(palette[255], view.pixel(column, age), "row " + age + " of the picture");
            assertEquals(palette[255], shot.getPixelReader().getArgb(left + column, top + age),
                    "screen row " + age + ", the tone's column");
            int elsewhere = (column + view.columns() / 2) % view.columns();
            assertEquals(palette[0], shot.getPixelReader().getArgb(left + elsewhere, top + age),
                    "screen row " + age + ", away from the tone");
        }
        int column0 = columnOf(tones[2]);
        assertNotEquals(palette[255], shot.getPixelReader().getArgb(left + column0, top + 3),
                "only three rows were written");
        for (int age = 3; age < view.rows(); age++) { // below the three rows: nothing yet, down to the bottom
            for (int tone : tones) {
                assertEquals(palette[0], shot.getPixelReader().getArgb(left + columnOf(tone), top + age),
                        "screen row " + age + " is empty");
            }
        }
        assertEquals("3 frames, 0 dropped", view.note());
    }

    @Test
    void theRingWrapsAroundWithoutLosingOrder(FxRobot robot) {
        LiveRun run = new StubRun("wf", channel, List.of());
        robot.interact(() -> {
            channel.publish(frame(1, 0));
            view.poll(run);
        });
        int rows = view.rows();
        robot.interact(() -> {
            for (int i = 0; i < rows + 5; i++) { // past the ring's end: the oldest rows are overwritten
                channel.publish(frame(i + 2, i % 2 == 0 ? 500 : 1500));
                view.poll(run);
            }
        });
        WritableImage shot = onFx(() -> view.snapshot(null, null));
        int[] palette = Colormap.table(256);
        int left = (int) Axes.LEFT + 1;
        int top = (int) Axes.TOP + 1;
        int c500 = columnOf(500);
        int c1500 = columnOf(1500);
        // the last frame (i = rows + 4, odd rows + 4 parity) is on top; rows alternate from there to the bottom
        int newest = (rows + 4) % 2 == 0 ? c500 : c1500;
        int other = newest == c500 ? c1500 : c500;
        for (int age = 0; age < rows; age++) {
            int bright = age % 2 == 0 ? newest : other;
            int dark = age % 2 == 0 ? other : newest;
            assertEquals(palette[255], shot.getPixelReader().getArgb(left + bright, top + age), "screen row " + age);
            assertEquals(palette[0], shot.getPixelReader().getArgb(left + dark, top + age), "screen row " + age);
        }
    }

    /**
     * One frame per rendering, as at 60 frames/s: each frame then changes one row of the image, and Prism copies only
     * that row into its texture. Across the ring's wrap (where the viewport starts showing the rows' twins, brought up
     * to date then) every rendering must still show every frame so far in order, newest on top.
     */
    @Test
    void oneFramePerRenderingKeepsEveryRowAcrossTheWrap(FxRobot robot) {
        LiveRun run = new StubRun("wf", channel, List.of());
        int[] tones = {100, 700, 1300, 1900, 400}; // frame k's tone is tones[k % 5]: a stale row is seen
        robot.interact(() -> {
            channel.publish(frame(1, tones[0]));
            view.poll(run);
        });
        int rows = view.rows();
        int[] palette = Colormap.table(256);
        int left = (int) Axes.LEFT + 1;
        int top = (int) Axes.TOP + 1;
        for (int n = 2; n <= rows + 8; n++) {
            int frames = n;
            robot.interact(() -> {
                channel.publish(frame(frames, tones[(frames - 1) % tones.length]));
                view.poll(run);
            });
            WritableImage shot = onFx(() -> view.snapshot(null, null)); // renders the image after this one frame
            if (n < rows - 3 && n % 20 != 0) {
                continue; // checked every 20 frames, and on every frame around and after the wrap
            }
            for (int age = 0; age < Math.min(n, rows); age++) {
                int k = n - 1 - age; // the frame (0-based) this screen row shows
                int bright = columnOf(tones[k % tones.length]);
                int dark = columnOf(tones[(k + 2) % tones.length]);
                assertEquals(palette[255], shot.getPixelReader().getArgb(left + bright, top + age),
                        "after " + n + " frames, screen row " + age + " (frame " + k + "), its tone's column");
                assertEquals(palette[0], shot.getPixelReader().getArgb(left + dark, top + age),
                        "after " + n + " frames, screen row " + age + " (frame " + k + "), another tone's column");
            }
        }
    }

    /**
     * What the window shows, drawn as the renderer draws a running view: one frame per pulse, each repaint only the
     * picture's region, starting at the backing marked opaque that draws nothing itself. The screen's pixels (not a
     * snapshot of the node) must be the picture's rows, with nothing of the cleared background showing through.
     */
    @Test
    void theScreenShowsThePictureWhenOnlyItIsRepainted(FxRobot robot) throws Exception {
        LiveRun run = new StubRun("wf", channel, List.of());
        int[] tones = {300, 900, 1500};
        for (int n = 1; n <= 12; n++) {
            int frames = n;
            robot.interact(() -> {
                channel.publish(frame(frames, tones[(frames - 1) % tones.length]));
                view.poll(run);
            });
            FxPulses.await(2); // drawn on screen, frame by frame
        }
        javafx.geometry.Point2D at = onFx(() -> view.localToScreen(Axes.LEFT + 1, Axes.TOP + 1));
        javafx.scene.image.Image screen = robot.capture(new javafx.geometry.Rectangle2D(at.getX(), at.getY(),
                view.columns(), view.rows())).getImage();
        int[] palette = Colormap.table(256);
        for (int age = 0; age < view.rows(); age++) {
            for (int c = 0; c < view.columns(); c++) {
                int expected = age < 12 && c == columnOf(tones[(12 - 1 - age) % tones.length]) ? palette[255]
                        : palette[0];
                assertEquals(expected, screen.getPixelReader().getArgb(c, age), "screen row " + age + ", column " + c);
            }
        }
    }
}
