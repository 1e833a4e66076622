package org.sigflow.app.canvas;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.sigflow.catalog.BlockDef;
import org.sigflow.catalog.Domain;
import org.sigflow.catalog.GpuDeviceParam;
import org.sigflow.catalog.ParamDef;
import org.sigflow.catalog.ParamType;
import org.sigflow.catalog.PortDef;
import org.sigflow.graph.BlockInstance;
import org.sigflow.validate.ResolvedBlock;
import org.sigflow.validate.ResolvedPort;

/**
 * Size, text lines and port positions of a block on the canvas. Inputs sit on the left and outputs on the right at
 * rotation 0; rotation turns the sides clockwise (90: inputs on top), while the text stays upright, as in GRC.
 */
public final class BlockLayout {
    static final Font TITLE_FONT = Font.font("System", javafx.scene.text.FontWeight.BOLD, 12);
    static final Font PARAM_FONT = Font.font("System", 11);
    static final double PORT_SPACING = 24;
    static final double PORT_LENGTH = 12;
    static final double PORT_WIDTH = 14;
    static final double HEADER = 22;
    static final double LINE = 15;
    static final int MAX_PARAM_LINES = 5;
    static final int MAX_VALUE_CHARS = 22;

    final double width;
    final double height;
    final List<String> paramLines;
    final List<PortView> ports;
    /** The GPU a block with GPU ports runs on (-1: not known), null for a CPU block: its badge. */
    final Integer device;

    private BlockLayout(double width, double height, List<String> paramLines, List<PortView> ports, Integer device) {
        this.device = device;
        this.width = width;
        this.height = height;
        this.paramLines = paramLines;
        this.ports = ports;
    }

    public static BlockLayout of(BlockInstance b, BlockDef def, ResolvedBlock resolved) {
        List<String> lines = def == null ? List.of("unknown block type", b.type()) : paramLines(b, def);
        double textW = textWidth(def == null ? b.id() : def.label(), TITLE_FONT);
        for (String l : lines) {
            textW = Math.max(textW, textWidth(l, PARAM_FONT));
        }
        List<PortStub> ins = stubs(resolved, def, true);
        List<PortStub> outs = stubs(resolved, def, false);
        int maxPorts = Math.max(1, Math.max(ins.size(), outs.size()));
        double textH = HEADER + lines.size() * LINE + 8;
        boolean sideways = b.rotation() == 90 || b.rotation() == 270;
        double w;
        double h;
        if (sideways) { // ports along top and bottom edges
            w = Math.max(textW + 20, maxPorts * PORT_SPACING + 16);
            h = Math.max(textH, 44);
        } else {
            w = Math.max(textW + 20, 90);
            h = Math.max(textH, maxPorts * PORT_SPACING + 12);
        }
        w = Math.ceil(w / 10) * 10;
        h = Math.ceil(h / 10) * 10;
        List<PortView> ports = new ArrayList<>();
        place(ports, ins, true, b.rotation(), w, h);
        place(ports, outs, false, b.rotation(), w, h);
        return new BlockLayout(w, h, lines, ports, DeviceBadge.deviceOf(b, def, resolved));
    }

    private record PortStub(String name, org.sigflow.catalog.Dtype dtype, int vlen, Domain domain, boolean message) {
        PortStub(String name, org.sigflow.catalog.Dtype dtype, int vlen, Domain domain) {
            this(name, dtype, vlen, domain, false);
        }
    }

    private static List<PortStub> stubs(ResolvedBlock resolved, BlockDef def, boolean inputs) {
        List<PortStub> out = new ArrayList<>();
        if (resolved != null) {
            for (ResolvedPort p : inputs ? resolved.inputs() : resolved.outputs()) {
                out.add(new PortStub(p.name(), p.dtype(), p.vlen(), p.domain()));
            }
        } else if (def != null) { // params do not evaluate: show the catalog's ports, types unknown
            for (PortDef p : inputs ? def.inputs() : def.outputs()) {
                out.add(new PortStub(p.isMultiple() ? p.name() + "0" : p.name(),
                        p.dtypeFromParam() ? null : org.sigflow.catalog.Dtype.fromId(p.dtype()), 1,
                        p.domainOr(def.domain())));
            }
        }
        if (def != null) { // message ports after the stream ports, on the same side
            for (org.sigflow.catalog.MessagePortDef m : inputs ? def.messageInputs() : def.messageOutputs()) {
                out.add(new PortStub(m.name(), null, 1, Domain.CPU, true));
            }
        }
        return out;
    }

    /** Spreads ports evenly along the side that faces their direction for the rotation. */
    private static void place(List<PortView> into, List<PortStub> ports, boolean input, int rotation, double w,
                              double h) {
        // Side at rotation 0: inputs face left (-1, 0), outputs right (+1, 0); rotate that direction clockwise.
        double dx = input ? -1 : 1;
        double dy = 0;
        for (int r = 0; r < rotation; r += 90) {
            double t = dx;
            dx = -dy;
            dy = t;
        }
        int n = ports.size();
        for (int i = 0; i < n; i++) {
            double along = (i + 0.5) / n;
            double x;
            double y;
            if (dx != 0) { // left or right edge
                x = dx < 0 ? -PORT_LENGTH : w + PORT_LENGTH;
                y = Math.round(h * along);
            } else {
                x = Math.round(w * along);
                y = dy < 0 ? -PORT_LENGTH : h + PORT_LENGTH;
            }
            PortStub p = ports.get(i);
            into.add(new PortView(p.name(), input, p.dtype(), p.vlen(), p.domain(), x, y, dx, dy, p.message()));
        }
    }

    private static List<String> paramLines(BlockInstance b, BlockDef def) {
        List<String> lines = new ArrayList<>();
        for (ParamDef p : def.params()) {
            if (lines.size() == MAX_PARAM_LINES) {
                break;
            }
            if (p == GpuDeviceParam.DEF) {
                continue; // the device badge shows it
            }
            String v = b.params().getOrDefault(p.id(), p.defaultValue());
            if (p.type() == ParamType.ENUM) {
                v = p.labelOf(v);
            }
            if (v.length() > MAX_VALUE_CHARS) {
                v = v.substring(0, MAX_VALUE_CHARS - 1) + "…";
            }
            lines.add(p.label() + ": " + v + (p.unit() != null && p.type() != ParamType.ENUM ? " " + p.unit() : ""));
        }
        return lines;
    }

    private static double textWidth(String s, Font f) {
        Text t = new Text(s);
        t.setFont(f);
        return t.getLayoutBounds().getWidth();
    }

    public PortView port(String name, boolean input) {
        return ports.stream().filter(p -> p.input() == input && p.name().equals(name)).findFirst().orElse(null);
    }
}
