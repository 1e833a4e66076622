package org.sigflow.app.views;

import java.util.Locale;
import org.sigflow.runtime.BlockMetrics;

/**
 * What the timing view and the canvas badges show for one running block, as text: throughput, busy and buffer
 * fractions, and for GPU work the kernel time (CUDA blocks), the copy time and the wire-format SNR (memory nodes).
 * A CUDA block that reports no kernel time runs on its CPU fallback and says so.
 *
 * @param cuda whether the block's catalog domain is CUDA (or it is a memory node)
 */
public record TimingRow(String id, String rate, double busy, double share, double fill, String kernel, String copy,
                        String snr, boolean fallback) {
    static final String FALLBACK = "CPU fallback";

    public static TimingRow of(BlockMetrics m, boolean cuda) {
        Double kernelMs = m.extra().get("kernel_ms");
        Double copyMs = m.extra().get("copy_ms");
        Double snrDb = m.extra().getOrDefault("wire_snr_db", m.extra().get("wire_snr_db_estimate"));
        boolean memoryNode = copyMs != null;
        boolean fallback = cuda && kernelMs == null && !memoryNode;
        double fill = m.outputFill().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return new TimingRow(m.id(), rate(m.throughput()), m.busyFraction(), m.workShare(), fill,
                kernelMs != null ? ms(kernelMs) : fallback ? FALLBACK : "", copyMs != null ? ms(copyMs) : "",
                snrDb != null && Double.isFinite(snrDb) ? String.format(Locale.ROOT, "%.1f dB", snrDb) : "", fallback);
    }

    /** The badge under a block on the canvas: {@code 1.20 M/s · busy 34 % · buf 12 % · GPU 3.41 ms}. */
    public String badge() {
        StringBuilder b = new StringBuilder(rate).append("/s · busy ").append(percent(busy));
        if (!Double.isNaN(fill)) {
            b.append(" · buf ").append(percent(fill));
        }
        if (fallback) {
            b.append(" · ").append(FALLBACK);
        } else if (!kernel.isEmpty()) {
            b.append(" · GPU ").append(kernel);
        }
        if (!copy.isEmpty()) {
            b.append(" · copy ").append(copy);
        }
        if (!snr.isEmpty()) {
            b.append(" · SNR ").append(snr);
        }
        return b.toString();
    }

    static String percent(double f) {
        return String.format(Locale.ROOT, "%.0f %%", Math.clamp(f, 0, 1) * 100);
    }

    static String ms(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f ms" : "%.2f ms", v);
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
