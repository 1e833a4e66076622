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
        robot.interact(() -> img[0] = scene.snapshot(null));
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
}
