import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.RenderingHints;
import java.awt.geom.CubicCurve2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Draws the application icon (256x256 PNG): two blocks on a dark tile, a CPU block and a CUDA-green block, joined by
 * a connection curve. Usage (JDK 25's java): java tools/packaging/MakeIcon.java
 * packaging/src/main/jpackage/resources/sigflow-designer.png, then copy it to sigflow.png beside it (the CLI's entry).
 */
public class MakeIcon {
    public static void main(String[] args) throws Exception {
        int s = 256;
        BufferedImage img = new BufferedImage(s, s, BufferedImage.TYPE_INT_ARGB);
        var g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0x26, 0x2b, 0x33));
        g.fill(new RoundRectangle2D.Double(8, 8, s - 16, s - 16, 48, 48));
        g.setColor(new Color(0x4a, 0x90, 0xe2)); // cf32 blue, as the designer colours the connection
        g.setStroke(new BasicStroke(12, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new CubicCurve2D.Double(104, 88, 160, 88, 96, 168, 152, 168));
        block(g, 36, 56, new Color(0xe8, 0xe8, 0xe8));
        block(g, 152, 136, new Color(0x76, 0xb9, 0x00)); // NVIDIA green, the CUDA blocks' title bar
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(6, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        // a sine wave across the bottom
        int prevX = 40, prevY = 212;
        for (int x = 40; x <= 216; x += 2) {
            int y = (int) Math.round(212 - 14 * Math.sin((x - 40) / 176.0 * 4 * Math.PI));
            g.drawLine(prevX, prevY, x, y);
            prevX = x;
            prevY = y;
        }
        g.dispose();
        ImageIO.write(img, "png", new File(args[0]));
    }

    private static void block(java.awt.Graphics2D g, int x, int y, Color c) {
        g.setColor(c);
        g.fill(new RoundRectangle2D.Double(x, y, 68, 64, 14, 14));
        g.setColor(new Color(0x26, 0x2b, 0x33));
        g.fillRect(x + 10, y + 24, 48, 6);
        g.fillRect(x + 10, y + 38, 34, 6);
    }
}
