package org.sigflow.app.canvas;

import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.control.Tooltip;
import javafx.scene.effect.DropShadow;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Domain;
import org.sigflow.graph.BlockInstance;
import org.sigflow.graph.BlockState;

/**
 * The skin of one block: body with title and key params, ports coloured by dtype. CUDA blocks get a green header
 * and a CUDA tag, GPU-memory ports a thick green rim, blocks with GPU ports a "GPU n" badge; disabled blocks are greyed out, bypassed ones dashed with a
 * tag; blocks with errors have a red rim.
 */
public final class BlockNode extends Group {
    private static final Color SELECTED = Color.web("#1e88e5");
    private static final Color ERROR = Color.web("#e53935");
    private final BlockInstance block;
    private final BlockLayout layout;

    /** @param errors the validator's errors about this block (its outline turns red; its tooltip lists them) */
    public BlockNode(BlockInstance block, BlockDef def, BlockLayout layout, boolean selected, List<String> errors) {
        boolean hasError = !errors.isEmpty();
        this.block = block;
        this.layout = layout;
        setId("block-" + block.id());
        setLayoutX(block.x());
        setLayoutY(block.y());
        boolean cuda = def != null && def.domain() == Domain.CUDA;
        CanvasPalette pal = CanvasPalette.current();

        Rectangle body = new Rectangle(layout.width, layout.height);
        body.setArcWidth(8);
        body.setArcHeight(8);
        body.setFill(new LinearGradient(0, 0, 0, 1, true, CycleMethod.NO_CYCLE,
                new Stop(0, def == null ? Color.web("#ffebee") : pal.bodyTop()),
                new Stop(1, def == null ? Color.web("#ffcdd2") : pal.bodyBottom())));
        body.setStroke(selected ? SELECTED : hasError ? ERROR : pal.bodyStroke());
        body.setStrokeWidth(selected || hasError ? 2.5 : 1.2);
        if (block.state() == BlockState.BYPASSED) {
            body.getStrokeDashArray().setAll(6.0, 4.0);
        }
        Rectangle header = new Rectangle(layout.width, BlockLayout.HEADER);
        header.setArcWidth(8);
        header.setArcHeight(8);
        header.setFill(cuda ? DtypeColors.CUDA : pal.header());
        header.setMouseTransparent(true);
        Text title = text(def == null ? block.type() : def.label(), BlockLayout.TITLE_FONT, 8, 5);
        title.setFill(cuda ? Color.WHITE : def == null ? Color.web("#1c2733") : pal.titleText());
        getChildren().addAll(body, header, title);
        if (cuda) {
            Text tag = text("CUDA", BlockLayout.PARAM_FONT, layout.width - 36, 5);
            tag.setFill(Color.WHITE);
            getChildren().add(tag);
        }
        double y = BlockLayout.HEADER + 3;
        for (String line : layout.paramLines) {
            Text t = text(line, BlockLayout.PARAM_FONT, 8, y);
            t.setFill(def == null ? Color.BLACK : pal.paramText());
            getChildren().add(t);
            y += BlockLayout.LINE;
        }
        Text id = text(block.id() + (block.state() == BlockState.BYPASSED ? "  (bypassed)"
                : block.state() == BlockState.DISABLED ? "  (disabled)" : ""), BlockLayout.PARAM_FONT, 0,
                layout.height + (block.rotation() == 90 || block.rotation() == 270 ? 16 : 4));
        id.setFill(pal.idText());
        getChildren().add(id);
        if (block.comment() != null) {
            Text c = text(block.comment(), BlockLayout.PARAM_FONT, 0, id.getY() + 14);
            c.setFill(pal.commentText());
            getChildren().add(c);
        }
        for (PortView p : layout.ports) {
            getChildren().add(portShape(p));
        }
        if (layout.device != null) {
            getChildren().add(DeviceBadge.of(block.id(), layout.device, layout.width));
        }
        if (block.state() == BlockState.DISABLED) {
            setOpacity(0.38);
        }
        if (selected) {
            setEffect(new DropShadow(10, Color.web("#1e88e580")));
        }
        Tooltip.install(body, new Tooltip(block.id() + " (" + block.type() + ")"
                + (errors.isEmpty() ? "" : "\n\n" + String.join("\n", errors))
                + (def == null ? "" : "\n\n" + abbreviate(def.doc()))));
    }

    private static String abbreviate(String doc) {
        return doc.length() > 300 ? doc.substring(0, 297) + "…" : doc;
    }

    private static Text text(String s, javafx.scene.text.Font f, double x, double y) {
        Text t = new Text(x, y, s);
        t.setFont(f);
        t.setTextOrigin(VPos.TOP);
        t.setMouseTransparent(true);
        return t;
    }

    private Rectangle portShape(PortView p) {
        // The port is a tab sticking out of the side it faces; (p.x, p.y) is its outer end's centre.
        double len = BlockLayout.PORT_LENGTH;
        double wid = BlockLayout.PORT_WIDTH;
        Rectangle r = p.dirX() != 0
                ? new Rectangle(p.dirX() < 0 ? p.x() : p.x() - len, p.y() - wid / 2, len, wid)
                : new Rectangle(p.x() - wid / 2, p.dirY() < 0 ? p.y() : p.y() - len, wid, len);
        r.setArcWidth(3);
        r.setArcHeight(3);
        r.setFill(p.message() ? DtypeColors.MESSAGE : DtypeColors.of(p.dtype()));
        if (p.message()) {
            r.getStyleClass().add("message-port");
        }
        boolean gpu = p.domain() == Domain.CUDA;
        r.setStroke(gpu ? DtypeColors.CUDA.darker() : Color.web("#37474f"));
        r.setStrokeWidth(gpu ? 3 : 1);
        r.getProperties().put(PortView.class, p);
        r.setId("port-" + block.id() + "-" + (p.input() ? "in-" : "out-") + p.name());
        Tooltip.install(r, new Tooltip((p.input() ? "input " : "output ") + p.describe()));
        r.setStyle("-fx-cursor: crosshair;");
        return r;
    }

    public BlockInstance block() {
        return block;
    }

    public BlockLayout blockLayout() {
        return layout;
    }

    /** A port's outer end in the parent's (world) coordinates, given the node's current layout position. */
    public double[] portPoint(PortView p) {
        return new double[] {getLayoutX() + p.x(), getLayoutY() + p.y()};
    }
}
