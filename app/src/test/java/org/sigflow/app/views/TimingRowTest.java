package org.sigflow.app.views;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.BlockMetrics;

/** The timing view's and the badges' text for CPU blocks, CUDA blocks (on the GPU or their fallback), memory nodes. */
class TimingRowTest {
    private static BlockMetrics metrics(String id, String type, Map<String, Double> extra) {
        return new BlockMetrics(id, type, 100, 100, 5_000_000, 10, 0.345, 0.5, 1_234_567, List.of(0.12, 0.5), extra);
    }

    @Test
    void aCpuBlockShowsRateBusyAndItsFullestBuffer() {
        TimingRow r = TimingRow.of(metrics("gain", "multiply_const", Map.of()), false);
        assertEquals("1.23 M/s · busy 35 % · buf 50 %", r.badge());
        assertEquals("", r.kernel());
        assertFalse(r.fallback());
    }

    @Test
    void aCudaBlockShowsItsKernelTimeOrItsCpuFallback() {
        TimingRow gpu = TimingRow.of(metrics("gain", "multiply_const_cuda", Map.of("kernel_ms", 3.4149,
                "pages_timed", 12.0)), true);
        assertEquals("3.41 ms", gpu.kernel());
        assertTrue(gpu.badge().endsWith(" · GPU 3.41 ms"), gpu.badge());
        TimingRow cpu = TimingRow.of(metrics("gain", "multiply_const_cuda", Map.of()), true);
        assertTrue(cpu.fallback());
        assertEquals("CPU fallback", cpu.kernel());
        assertTrue(cpu.badge().endsWith(" · CPU fallback"), cpu.badge());
    }

    @Test
    void aMemoryNodeShowsCopyTimeAndWireSnr() {
        TimingRow up = TimingRow.of(metrics("h2d", "memory_h2d", Map.of("copy_ms", 250.4, "wire_snr_db", 86.04)),
                true);
        assertEquals("250 ms", up.copy());
        assertEquals("86.0 dB", up.snr());
        assertFalse(up.fallback(), "a memory node has no kernel of its own");
        TimingRow down = TimingRow.of(metrics("d2h", "memory_d2h", Map.of("copy_ms", 0.5,
                "wire_snr_db_estimate", 48.25)), true);
        assertEquals("48.3 dB", down.snr());
        assertEquals("1.23 M/s · busy 35 % · buf 50 % · copy 0.50 ms · SNR 48.3 dB", down.badge());
    }
}
