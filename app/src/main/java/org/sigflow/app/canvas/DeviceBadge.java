package org.sigflow.app.canvas;

import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.expr.Value;
import org.sigflow.graph.BlockInstance;
import org.sigflow.validate.ResolvedBlock;

/**
 * The "GPU n" tag above a GPU block's (or memory node's) top-right corner, in a colour per device, so the blocks of
 * each GPU stand out in a graph that spans several (NVIDIA green for device 0).
 */
final class DeviceBadge {
    private static final Color[] COLOURS = {DtypeColors.CUDA, Color.web("#ef6c00"), Color.web("#8e24aa"),
        Color.web("#00897b"), Color.web("#d81b60"), Color.web("#3949ab"), Color.web("#6d4c41"), Color.web("#546e7a")};
    static final double HEIGHT = 14;

    private DeviceBadge() {}

    /** The colour of device {@code n} ({@code -1}: not known, e.g. an expression that does not evaluate). */
    static Color colour(int n) {
        return n < 0 ? DtypeColors.UNKNOWN : COLOURS[n % COLOURS.length];
    }

    /** The device a block's badge shows: its evaluated {@code device}, -1 when unknown, null for a CPU block. */
    static Integer deviceOf(BlockInstance b, BlockDef def, ResolvedBlock resolved) {
        if (def == null || !GpuDeviceParam.appliesTo(def.domain(), def.inputs(), def.outputs())) {
            return null;
        }
        Value v = resolved == null ? null : resolved.params().get(GpuDeviceParam.ID);
        return v instanceof Value.Int i ? (int) i.value() : -1;
    }

    static Group of(String blockId, int device, double blockWidth) {
        Text t = new Text("GPU " + (device < 0 ? "?" : device));
        t.setFont(BlockLayout.PARAM_FONT);
        t.setFill(Color.WHITE);
        t.setTextOrigin(VPos.TOP);
        double w = Math.ceil(t.getLayoutBounds().getWidth()) + 10;
        t.setX(blockWidth - w + 5);
        t.setY(-HEIGHT - 1);
        Rectangle r = new Rectangle(blockWidth - w, -HEIGHT - 2, w, HEIGHT);
        r.setArcWidth(6);
        r.setArcHeight(6);
        r.setFill(colour(device));
        Group g = new Group(r, t);
        g.setId("device-badge-" + blockId);
        g.setMouseTransparent(true);
        return g;
    }
}
