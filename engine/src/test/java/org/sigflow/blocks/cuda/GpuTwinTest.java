package org.sigflow.blocks.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sigflow.blocks.cuda.TwinChains.Case;
import org.sigflow.blocks.cuda.TwinChains.Result;
import org.sigflow.cuda.Cuda;
import org.sigflow.cuda.Cufft;
import org.sigflow.runtime.PortSpec;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.Tag;

/**
 * The CUDA path for real, on a GPU machine ({@code @Tag("gpu")}: not in the default build; see docs/cuda.md). Every
 * CUDA block between memory nodes against its CPU twin within the stated tolerance, through many pages of a 3-page
 * ring with a short last page (ring life cycle, end-of-stream), tags at their offsets, kernel time in the metrics,
 * and the wire formats' SNR.
 */
@org.junit.jupiter.api.Tag("gpu")
class GpuTwinTest {

    @BeforeAll
    static void device() {
        assertTrue(Cuda.available(), () -> "the gpu group needs a CUDA device: " + Cuda.status().reason());
        System.out.println("CUDA device: " + Cuda.status().device() + ", cuFFT: " + Cufft.get().library());
    }

    static List<Case> cases() {
        return TwinCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cudaBlockMatchesItsCpuTwin(Case c) throws Exception {
        check(c, "");
    }

    static List<Case> firCases() {
        return TwinCases.all().stream().filter(c -> c.cpuId().equals("fir_filter")).toList();
    }

    /** Both FIR methods, whichever the tap count would choose: tiled direct form and overlap-save via cuFFT. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("firCases")
    void bothFirMethodsMatchTheCpuTwin(Case c) throws Exception {
        for (String method : List.of("tiled", "fft")) {
            System.setProperty("sigflow.cuda.fir", method);
            try {
                check(c, " [" + method + "]");
            } finally {
                System.clearProperty("sigflow.cuda.fir");
            }
        }
    }

    private static void check(Case c, String label) throws Exception {
        float[][] x = new float[c.inputs().size()][];
        for (int i = 0; i < x.length; i++) {
            x[i] = TwinChains.random(c.inputs().get(i), TwinCases.items(c), 11 + i);
        }
        Result cpu = TwinChains.cpu(c, x, 1000);
        Result gpu = TwinChains.gpu(c, x, 1000, TwinCases.page(c), "fp32", "fp32");
        assertEquals(RunOutcome.Kind.COMPLETED, gpu.outcome().kind(), () -> String.valueOf(gpu.outcome().failure()));
        assertEquals(cpu.values().length, gpu.values().length, "every item arrives, the short last page too");
        double err = TwinChains.relativeError(gpu.values(), cpu.values());
        System.out.printf("%-44s rel. error %.2e (tolerance %.0e), kernel %.3f ms%n", c.name() + label, err,
                c.tolerance(), gpu.extra("dut").getOrDefault("kernel_ms", 0.0));
        assertTrue(err <= Math.max(c.tolerance(), 1e-7), c.name() + label + ": relative error " + err);
        assertEquals(cpu.tags().stream().map(Tag::offset).toList(), gpu.tags().stream().map(Tag::offset).toList(),
                "tags cross the GPU section at the twin's offsets");
        assertTrue(gpu.extra("dut").get("kernel_ms") > 0, "kernel time from events is in the metrics");
    }

    /**
     * A complex tone at 0.5 amplitude (0.125 power per float): expected SNR fp16 ≈ 74 dB (24·2^20), int16 ≈ 92 dB and
     * int8 ≈ 44 dB (0.125 over step²/12).
     */
    @Test
    void wireFormatsCostTheirExpectedSnrBothWays() throws Exception {
        PortSpec p = TwinChains.cf32(1);
        int n = 200_000;
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = (float) (0.5 * Math.cos(0.01 * i + 0.3));
            x[2 * i + 1] = (float) (0.5 * Math.sin(0.01 * i + 0.3));
        }
        double signal = 0.125;
        for (String wire : List.of("fp16", "int16", "int8")) {
            double expected = switch (wire) {
                case "fp16" -> 10 * Math.log10(24 * Math.pow(2, 20));
                case "int16" -> 10 * Math.log10(signal / (Math.pow(1.0 / 32767, 2) / 12));
                default -> 10 * Math.log10(signal / (Math.pow(1.0 / 127, 2) / 12));
            };
            Result up = TwinChains.roundTrip(p, x, 65536, wire, "fp32");
            Result down = TwinChains.roundTrip(p, x, 65536, "fp32", wire);
            double snrUp = TwinChains.snrDb(up.values(), x);
            double snrDown = TwinChains.snrDb(down.values(), x);
            double reportedUp = up.extra("h2d").get("wire_snr_db");
            double reportedDown = down.extra("d2h").get("wire_snr_db_estimate");
            System.out.printf("wire %-5s SNR h2d %.1f dB (reported %.1f), d2h %.1f dB (estimated %.1f), expected %.1f%n",
                    wire, snrUp, reportedUp, snrDown, reportedDown, expected);
            assertEquals(2 * n, up.values().length);
            assertEquals(expected, snrUp, 4.0, wire + " h2d SNR");
            assertEquals(expected, snrDown, 4.0, wire + " d2h SNR");
            assertEquals(snrUp, reportedUp, 0.1, wire + ": h2d reports the SNR it measured while packing");
            assertEquals(snrDown, reportedDown, 4.0, wire + ": d2h's estimate");
        }
        Result exact = TwinChains.roundTrip(p, x, 65536, "fp32", "fp32");
        assertEquals(0.0, TwinChains.relativeError(exact.values(), x), "fp32 is exact");
    }
}
