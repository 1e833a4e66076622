package org.sigflow.blocks.cuda;

import java.util.LinkedHashMap;
import java.util.Map;
import org.sigflow.cuda.CrossDevicePages;
import org.sigflow.cuda.KernelTimer;
import org.sigflow.cuda.PageSource;

/**
 * The figures a GPU block adds about where it runs, for the timing view and {@code sigflow bench}: {@code device},
 * and for inputs written on another GPU how they cross ({@code crossing_peer} / {@code crossing_staged}: how many
 * inputs go peer to peer or through host memory, chosen at start) and {@code crossing_mb} moved so far.
 */
public final class DeviceMetrics {
    public static final String DEVICE = "device";
    public static final String PEER = "crossing_peer";
    public static final String STAGED = "crossing_staged";

    private DeviceMetrics() {}

    /** A block's kernel time ({@code kernel_ms}, {@code pages_timed}; none before start) with the above. */
    public static Map<String, Double> timed(KernelTimer timer, int device, PageSource... inputs) {
        return with(timer == null ? Map.of() : Map.of("kernel_ms", timer.estimatedMillis(), "pages_timed",
                (double) timer.pagesTimed()), device, inputs);
    }

    public static Map<String, Double> with(Map<String, Double> base, int device, PageSource... inputs) {
        Map<String, Double> m = new LinkedHashMap<>(base);
        m.put(DEVICE, (double) device);
        double mb = 0;
        for (PageSource s : inputs) {
            if (s instanceof CrossDevicePages c) {
                m.merge(c.peer() ? PEER : STAGED, 1.0, Double::sum);
                mb += c.bytesMoved() / 1e6;
            }
        }
        if (m.containsKey(PEER) || m.containsKey(STAGED)) {
            m.put("crossing_mb", mb);
        }
        return m;
    }
}
