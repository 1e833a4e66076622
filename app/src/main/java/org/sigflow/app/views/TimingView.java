package org.sigflow.app.views;

import java.util.List;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import java.util.function.Predicate;
import org.sigflow.runtime.LiveRun;

/**
 * Per-block timing from {@code RunningGraph.metrics()}: throughput, share of all work time, how busy the block's
 * thread is, and how full its output rings are (a full ring means downstream is the bottleneck); for GPU work the
 * kernel milliseconds of CUDA blocks ("CPU fallback" when a CUDA block runs on its CPU twin), the copy milliseconds
 * and wire-format SNR of memory nodes. Four times a second (the pane polls it with the title bars' notes). A GPU block's name carries its device and, for an edge
 * from another GPU, how pages cross ({@link GpuNote}); blocks of a fused chain are marked "(fused)".
 */
public final class TimingView extends LiveView {
    private final Predicate<String> cudaType;
    private List<TimingRow> rows = List.of();
    private List<String> names = List.of();
    private long polls;

    /** @param cudaType whether a block type runs on the GPU (catalog domain CUDA) */
    public TimingView(Predicate<String> cudaType) {
        super(null);
        this.cudaType = cudaType;
    }

    /** The rows drawn now, in graph order. */
    public List<TimingRow> rows() {
        return rows;
    }

    @Override
    public long framesDrawn() {
        return polls;
    }

    @Override
    public String note() {
        return polls == 0 ? null : rows.size() + " blocks";
    }

    @Override
    protected boolean pacedByNotes() {
        return true;
    }

    @Override
    public void poll(LiveRun run) {
        List<org.sigflow.runtime.BlockMetrics> metrics = run.metrics();
        rows = metrics.stream().map(m -> TimingRow.of(m, cudaType.test(m.type()))).toList();
        names = metrics.stream().map(TimingView::name).toList();
        polls++;
        draw();
    }

    @Override
    public void reset() {
        rows = List.of();
        names = List.of();
        polls = 0;
        draw();
    }

    /** A text drawn on the view: where it starts and ends (for tests: no two may overlap). */
    public record DrawnText(String text, double x0, double x1, double y) {}

    private final List<DrawnText> drawn = new java.util.ArrayList<>();
    private final javafx.scene.text.Text measure = new javafx.scene.text.Text();
    /** Per row drawn: its y, the block's full name and the name as shown (elided when too long). */
    private final java.util.Map<Double, String[]> rowNames = new java.util.LinkedHashMap<>();
    private final javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
    private boolean tipInstalled;

    {
        measure.setFont(Axes.FONT);
        tip.setShowDelay(javafx.util.Duration.millis(300));
        canvas.setOnMouseMoved(e -> showName(e.getY()));
        canvas.setOnMouseExited(e -> showName(Double.NaN));
    }

    /** The texts of the last drawing with their extents. */
    public List<DrawnText> drawnTexts() {
        return List.copyOf(drawn);
    }

    /** The tooltip's text now (the full block name of the row under the mouse when it was elided), or null. */
    public String tooltipText() {
        return tipInstalled ? tip.getText() : null;
    }

    /** Shows the full name of the row at {@code y} in a tooltip when the row shows it elided; else no tooltip. */
    private void showName(double y) {
        String full = null;
        for (var e : rowNames.entrySet()) {
            if (Math.abs(y - e.getKey()) <= ROW / 2 && !e.getValue()[0].equals(e.getValue()[1])) {
                full = e.getValue()[0];
            }
        }
        if (full != null) {
            tip.setText(full);
            if (!tipInstalled) {
                javafx.scene.control.Tooltip.install(canvas, tip);
                tipInstalled = true;
            }
        } else if (tipInstalled) {
            javafx.scene.control.Tooltip.uninstall(canvas, tip);
            tipInstalled = false;
        }
    }

    /** For tests: moves the mouse over the row at {@code y} (as a mouse-moved event would). */
    public void hover(double y) {
        showName(y);
    }

    private static final double ROW = 20;
    private static final double GAP = 12;

    private double width(String text) {
        measure.setText(text);
        return measure.getLayoutBounds().getWidth();
    }

    /** The text cut in the middle with "…" until it is at most {@code room} wide (ids keep both ends). */
    private String elide(String text, double room) {
        if (width(text) <= room) {
            return text;
        }
        for (int keep = text.length() - 1; keep > 0; keep--) {
            int head = (keep + 1) / 2;
            String cut = text.substring(0, head) + "\u2026" + text.substring(text.length() - (keep - head));
            if (width(cut) <= room) {
                return cut;
            }
        }
        return width("\u2026") <= room ? "\u2026" : "";
    }

    private String text(GraphicsContext gc, String text, double x, double y, double room, boolean right) {
        String shown = elide(text, room);
        if (shown.isEmpty()) {
            return shown;
        }
        double w = width(shown);
        gc.setTextAlign(right ? TextAlignment.RIGHT : TextAlignment.LEFT);
        gc.fillText(shown, x, y);
        drawn.add(new DrawnText(shown, right ? x - w : x, right ? x : x + w, y));
        gc.setTextAlign(TextAlignment.LEFT);
        return shown;
    }

    @Override
    protected void draw() {
        GraphicsContext gc = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        drawn.clear();
        rowNames.clear();
        gc.setFill(Axes.BACKGROUND);
        gc.fillRect(0, 0, w, h);
        gc.setFont(Axes.FONT);
        gc.setTextBaseline(VPos.CENTER);
        // a CPU fallback's note is a kernel text too: it brings the GPU columns
        boolean gpu = rows.stream().anyMatch(r -> !r.kernel().isEmpty() || !r.copy().isEmpty());
        String[] head = gpu ? new String[] {"block", "items/s", "work share", "busy", "output fill", "kernel", "copy",
                "wire SNR"} : new String[] {"block", "items/s", "work share", "busy", "output fill"};
        // every other column gets what its header and values need (a bar at least 56 px); the block column gets its
        // longest name (a flattened hier id like rx_0/costas_loop_0 is long) if that fits, and what is left over
        // widens the bars; a name longer than its column is cut in the middle and shown whole in a tooltip
        double longest = width("block");
        for (int i = 0; i < rows.size(); i++) {
            longest = Math.max(longest, width(i < names.size() ? names.get(i) : rows.get(i).id()));
        }
        double[] need = new double[head.length];
        for (int c = 1; c < head.length; c++) {
            need[c] = width(head[c]) + GAP;
            for (TimingRow r : rows) {
                String v = switch (c) {
                    case 1 -> r.rate();
                    case 5 -> r.kernel();
                    case 6 -> r.copy();
                    case 7 -> r.snr();
                    default -> "100 %"; // a bar's label
                };
                need[c] = Math.max(need[c], width(v) + GAP + (c >= 2 && c <= 4 ? 8 : 0));
            }
            if (c >= 2 && c <= 4) {
                need[c] = Math.max(need[c], 56);
            }
        }
        double needed = java.util.Arrays.stream(need).sum();
        double nameWidth = Math.max(Math.min(longest + GAP, w - 12 - needed), Math.min(60, longest + GAP));
        double fit = Math.min(1, Math.max(0, w - 12 - nameWidth) / needed); // too narrow: all shrink, texts cut
        for (int c = 1; c < head.length; c++) {
            need[c] *= fit;
        }
        double spare = Math.max(0, w - 12 - needed * fit - nameWidth);
        double[] col = new double[head.length + 1];
        col[0] = 8;
        col[1] = 8 + nameWidth;
        for (int c = 1; c < head.length; c++) {
            col[c + 1] = col[c] + need[c] + (c >= 2 && c <= 4 ? spare / 3 : 0);
        }
        gc.setFill(Axes.LABEL);
        for (int i = 0; i < head.length; i++) {
            text(gc, head[i], col[i], 12, col[i + 1] - col[i] - GAP / 2, false);
        }
        double y = 30;
        for (int i = 0; i < rows.size(); i++) {
            TimingRow r = rows.get(i);
            if (y > h - 8) {
                break;
            }
            String name = i < names.size() ? names.get(i) : r.id();
            gc.setFill(Color.web("#dfe7f0"));
            rowNames.put(y, new String[] {name, text(gc, name, col[0], y, col[1] - col[0] - GAP / 2, false)});
            text(gc, r.rate(), col[1], y, col[2] - col[1] - GAP / 2, false);
            bar(gc, col[2], y, col[3] - col[2] - GAP, r.share(), Color.web("#4fc3f7"));
            bar(gc, col[3], y, col[4] - col[3] - GAP, r.busy(), Color.web("#ffb74d"));
            if (!Double.isNaN(r.fill())) {
                bar(gc, col[4], y, col[5] - col[4] - GAP, r.fill(), r.fill() > 0.9 ? Color.web("#ff5252")
                        : Color.web("#69f0ae"));
            }
            if (gpu) {
                gc.setFill(r.fallback() ? Color.web("#ffb74d") : Color.web("#9ccc65"));
                text(gc, r.kernel(), col[5], y, col[6] - col[5] - GAP / 2, false);
                gc.setFill(Color.web("#dfe7f0"));
                text(gc, r.copy(), col[6], y, col[7] - col[6] - GAP / 2, false);
                text(gc, r.snr(), col[7], y, col[8] - col[7] - GAP / 2, false);
            }
            y += ROW;
        }
    }

    /** The block's id, "(fused)" for a member of a fused chain (one kernel for the chain), and its GPU note. */
    private static String name(org.sigflow.runtime.BlockMetrics m) {
        String name = m.extra().containsKey("fused") ? m.id() + " (fused)" : m.id();
        String gpu = GpuNote.of(m.extra());
        return gpu.isEmpty() ? name : name + "  " + gpu;
    }

    private void bar(GraphicsContext gc, double x, double y, double width, double fraction, Color c) {
        double f = Math.clamp(fraction, 0, 1);
        width = Math.max(0, width);
        gc.setFill(Color.web("#222b36"));
        gc.fillRect(x, y - 6, width, 12);
        gc.setFill(c);
        gc.fillRect(x, y - 6, width * f, 12);
        gc.setFill(Color.web("#dfe7f0"));
        text(gc, String.format(Locale.ROOT, "%.0f %%", f * 100), x + width - 2, y, width - 4, true);
    }

    static String rate(double perSecond) {
        return TimingRow.rate(perSecond);
    }
}
