package org.sigflow.app.views;

import java.util.List;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.LiveRun;

/**
 * Per-block timing from {@code RunningGraph.metrics()}: throughput, share of all work time, how busy the block's
 * thread is, and how full its output rings are (a full ring means downstream is the bottleneck). Four times a second.
 * A GPU block's name carries its device and, for an edge from another GPU, how pages cross ({@link GpuNote}).
 */
public final class TimingView extends LiveView {
    private static final long PERIOD_NANOS = 250_000_000L;
    private List<BlockMetrics> metrics = List.of();
    private long lastPoll = Long.MIN_VALUE;
    private long polls;

    public TimingView() {
        super(null);
    }

    @Override
    public long framesDrawn() {
        return polls;
    }

    @Override
    public String note() {
        return polls == 0 ? null : metrics.size() + " blocks";
    }

    @Override
    public void poll(LiveRun run) {
        long now = System.nanoTime();
        if (lastPoll != Long.MIN_VALUE && now - lastPoll < PERIOD_NANOS) {
            return;
        }
        lastPoll = now;
        metrics = run.metrics();
        polls++;
        draw();
    }

    @Override
    public void reset() {
        metrics = List.of();
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
        double[] col = {8, w * 0.30, w * 0.45, w * 0.62, w * 0.82}; // room for "fft1  GPU 1 ⇐ peer"
        String[] head = {"block", "items/s", "work share", "busy", "output fill"};
        gc.setFill(Axes.LABEL);
        gc.setTextAlign(TextAlignment.LEFT);
        for (int i = 0; i < head.length; i++) {
            gc.fillText(head[i], col[i], 12);
        }
        double y = 30;
        double row = 20;
        for (BlockMetrics m : metrics) {
            if (y > h - 8) {
                break;
            }
            gc.setFill(Color.web("#dfe7f0"));
            String name = m.extra().containsKey("fused") ? m.id() + " (fused)" : m.id(); // one kernel for its chain
            String gpu = GpuNote.of(m.extra());
            gc.fillText(gpu.isEmpty() ? name : name + "  " + gpu, col[0], y);
            gc.fillText(rate(m.throughput()), col[1], y);
            bar(gc, col[2], y, col[3] - col[2] - 12, m.workShare(), Color.web("#4fc3f7"));
            bar(gc, col[3], y, col[4] - col[3] - 12, m.busyFraction(), Color.web("#ffb74d"));
            double fill = m.outputFill().stream().mapToDouble(Double::doubleValue).max().orElse(0);
            if (!m.outputFill().isEmpty()) {
                bar(gc, col[4], y, w - col[4] - 10, fill, fill > 0.9 ? Color.web("#ff5252") : Color.web("#69f0ae"));
            }
            y += row;
        }
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
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2f M", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", perSecond);
    }
}
