package org.sigflow.blocks.dsp;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** fft block against numpy (window, fftshift/ifftshift, scaling): rms error <= 1e-5 * rms(expected). */
class FftBlockTest {

    @Test
    void matchesNumpy() throws Exception {
        for (var c : ReferenceData.cases("fft_block")) {
            int n = c.integer("fft_size");
            Block b = Setups.create(new FftBlock.Factory(), "type", c.str("type"), "fft_size", n,
                    "direction", c.str("direction"), "window", c.str("window"), "beta", c.num("beta"),
                    "shift", c.params().get("shift").asBoolean(), "scaling", c.str("scaling"));
            float[] y = BlockHarness.of(b).input(Dtype.fromId(c.str("type")), n, c.inputFloats("x"))
                    .output(Dtype.CF32, n).chunk(2).run().floats(0);
            c.assertMatches("y", y);
        }
    }

    /** The same numpy cases with the named window given as explicit taps (window custom, GNU Radio's window list). */
    @Test
    void customWindowTapsMatchNumpy() throws Exception {
        for (var c : ReferenceData.cases("fft_block")) {
            int n = c.integer("fft_size");
            float[] taps = org.sigflow.dsp.WindowType.fromId(c.str("window")).makeFloat(n, c.num("beta"));
            Block b = Setups.create(new FftBlock.Factory(), "type", c.str("type"), "fft_size", n,
                    "direction", c.str("direction"), "window", "custom", "window_taps", Setups.realList(taps),
                    "beta", c.num("beta"), "shift", c.params().get("shift").asBoolean(), "scaling", c.str("scaling"));
            float[] y = BlockHarness.of(b).input(Dtype.fromId(c.str("type")), n, c.inputFloats("x"))
                    .output(Dtype.CF32, n).chunk(2).run().floats(0);
            c.assertMatches("y", y);
        }
    }

    /** demo_ofdm.grc's window fft_size*[1/sqrt(fft_size)] on a constant frame: X[0] = sqrt(8), the rest 0 (1e-6). */
    @Test
    void constantCustomWindowScalesTheTransform() throws Exception {
        float[] taps = new float[8];
        java.util.Arrays.fill(taps, (float) (1 / Math.sqrt(8)));
        float[] ones = new float[16];
        for (int i = 0; i < 16; i += 2) {
            ones[i] = 1;
        }
        Block b = Setups.create(new FftBlock.Factory(), "type", "cf32", "fft_size", 8, "direction", "forward",
                "window", "custom", "window_taps", Setups.realList(taps), "beta", 0.0, "shift", false, "scaling", "none");
        float[] y = BlockHarness.of(b).input(Dtype.CF32, 8, ones).output(Dtype.CF32, 8).run().floats(0);
        org.junit.jupiter.api.Assertions.assertEquals(Math.sqrt(8), y[0], 1e-6);
        for (int i = 1; i < 16; i++) {
            org.junit.jupiter.api.Assertions.assertEquals(0, y[i], 1e-6, "element " + i);
        }
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Setups.create(
                new FftBlock.Factory(), "type", "cf32", "fft_size", 4, "direction", "forward", "window", "custom",
                "window_taps", Setups.realList(taps), "beta", 0.0, "shift", false, "scaling", "none"));
        org.junit.jupiter.api.Assertions.assertEquals("FFT 't': the custom window has 8 taps, fft_size is 4", e.getMessage());
    }
}
