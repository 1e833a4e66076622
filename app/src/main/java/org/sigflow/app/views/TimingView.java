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
 * and wire-format SNR of memory nodes. Four times a second. A GPU block's name carries its device and, for an edge
 * from another GPU, how pages cross ({@link GpuNote}); blocks of a fused chain are marked "(fused)".
 */
public final class TimingView extends LiveView {
    private static final long PERIOD_NANOS = 250_000_000L;
    private final Predicate<String> cudaType;
    private List<TimingRow> rows = List.of();
    private List<String> names = List.of();
    private long lastPoll = Long.MIN_VALUE;
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
    public void poll(LiveRun run) {
        long now = System.nanoTime();
        if (lastPoll != Long.MIN_VALUE && now - lastPoll < PERIOD_NANOS) {
            return;
        }
        lastPoll = now;
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
        lastPoll = Long.MIN_VALUE;
        draw();
    }

    @Override
    protected void draw() {
        GraphicsContext gc = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        gc.setFill(Axes.BACKGROUND);
        gc.fillRect(0, 0, w, h);
        gc.setFont(Axes.FONT);
        gc.setTextBaseline(VPos.CENTER);
        boolean gpu = rows.stream().anyMatch(r -> !r.kernel().isEmpty() || !r.copy().isEmpty());
        // GPU columns take the right part when any block has GPU figures (or a CPU fallback to show).
        double[] col = gpu ? new double[] {8, w * 0.18, w * 0.30, w * 0.43, w * 0.56, w * 0.66}
                : new double[] {8, w * 0.22, w * 0.40, w * 0.58, w * 0.80, w};
        String[] head = {"block", "items/s", "work share", "busy", "output fill"};
        gc.setFill(Axes.LABEL);
        gc.setTextAlign(TextAlignment.LEFT);
        for (int i = 0; i < head.length; i++) {
            gc.fillText(head[i], col[i], 12);
        }
        double[] gcol = {w * 0.67, w * 0.79, w * 0.89};
        if (gpu) {
            gc.fillText("kernel", gcol[0], 12);
            gc.fillText("copy", gcol[1], 12);
            gc.fillText("wire SNR", gcol[2], 12);
        }
        double y = 30;
        double row = 20;
        for (int i = 0; i < rows.size(); i++) {
            TimingRow r = rows.get(i);
            if (y > h - 8) {
                break;
            }
            gc.setFill(Color.web("#dfe7f0"));
            gc.fillText(i < names.size() ? names.get(i) : r.id(), col[0], y);
            gc.fillText(r.rate(), col[1], y);
            bar(gc, col[2], y, col[3] - col[2] - 12, r.share(), Color.web("#4fc3f7"));
            bar(gc, col[3], y, col[4] - col[3] - 12, r.busy(), Color.web("#ffb74d"));
            if (!Double.isNaN(r.fill())) {
                bar(gc, col[4], y, col[5] - col[4] - 10, r.fill(), r.fill() > 0.9 ? Color.web("#ff5252")
                        : Color.web("#69f0ae"));
            }
            if (gpu || r.fallback()) {
                gc.setFill(r.fallback() ? Color.web("#ffb74d") : Color.web("#9ccc65"));
                gc.fillText(r.kernel(), gpu ? gcol[0] : col[4] + 4, y);
                gc.setFill(Color.web("#dfe7f0"));
                gc.fillText(r.copy(), gcol[1], y);
                gc.fillText(r.snr(), gcol[2], y);
            }
            y += row;
        }
    }

    /** The block's id, "(fused)" for a member of a fused chain (one kernel for the chain), and its GPU note. */
    private static String name(org.sigflow.runtime.BlockMetrics m) {
        String name = m.extra().containsKey("fused") ? m.id() + " (fused)" : m.id();
        String gpu = GpuNote.of(m.extra());
        return gpu.isEmpty() ? name : name + "  " + gpu;
    }

    private static void bar(GraphicsContext gc, double x, double y, double width, double fraction, Color c) {
        double f = Math.clamp(fraction, 0, 1);
        gc.setFill(Color.web("#222b36"));
        gc.fillRect(x, y - 6, width, 12);
        gc.setFill(c);
        gc.fillRect(x, y - 6, width * f, 12);
        gc.setFill(Color.web("#dfe7f0"));
        gc.setTextAlign(TextAlignment.RIGHT);
        gc.fillText(String.format(Locale.ROOT, "%.0f %%", f * 100), x + width - 2, y);
        gc.setTextAlign(TextAlignment.LEFT);
    }

    static String rate(double perSecond) {
        return TimingRow.rate(perSecond);
    }
}
