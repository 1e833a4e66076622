package org.sigflow.app;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.testfx.api.FxRobot;

/** Saves a PNG of a scene under {@code target/screenshots/} (the docs' screenshots are picked from there). */
public final class Screenshots {
    private Screenshots() {}

    public static Path save(FxRobot robot, Scene scene, String name) throws IOException {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = withPopups(scene, scene.snapshot(null)));
        int w = (int) img[0].getWidth();
        int h = (int) img[0].getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        PixelReader r = img[0].getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, r.getArgb(x, y));
            }
        }
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".png");
        ImageIO.write(out, "png", file.toFile());
        return file;
    }

    /**
     * Draws the scene's window's showing popups over its snapshot where they are on the screen: what the user sees
     * (a docked live view's picture is drawn in one during a run, views/SurfaceOverlay).
     */
    static WritableImage withPopups(Scene scene, WritableImage shot) {
        javafx.stage.Window main = scene.getWindow();
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (!(w instanceof javafx.stage.PopupWindow p) || p.getOwnerWindow() != main || !p.isShowing()) {
                continue;
            }
            WritableImage top = p.getScene().snapshot(null);
            int dx = (int) Math.round(p.getX() + p.getScene().getX() - main.getX() - scene.getX());
            int dy = (int) Math.round(p.getY() + p.getScene().getY() - main.getY() - scene.getY());
            PixelReader r = top.getPixelReader();
            for (int y = 0; y < top.getHeight(); y++) {
                for (int x = 0; x < top.getWidth(); x++) {
                    int argb = r.getArgb(x, y);
                    if (argb >>> 24 != 0 && dx + x >= 0 && dy + y >= 0 && dx + x < shot.getWidth()
                            && dy + y < shot.getHeight()) {
                        shot.getPixelWriter().setArgb(dx + x, dy + y, argb);
                    }
                }
            }
        }
        return shot;
    }
}
