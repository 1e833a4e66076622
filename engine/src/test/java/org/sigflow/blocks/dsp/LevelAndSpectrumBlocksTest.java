package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * agc (GNU Radio's loop in float64, max error <= 1e-5 * rms), rotator (x * exp(j n inc), 1e-6) and log_power_fft
 * (GNU Radio's logpwrfft chain in numpy, 1e-5 * rms of the dB values), in chunks of 97 items.
 */
class LevelAndSpectrumBlocksTest {

    @Test
    void agcMatchesGnuRadioLoop() throws Exception {
        for (var c : ReferenceData.cases("agc")) {
            Block b = Setups.create(new AgcBlock.Factory(), "type", c.str("type"), "rate", c.num("rate"),
                    "reference", c.num("reference"), "gain", c.num("gain"), "max_gain", c.num("max_gain"));
            Dtype io = Dtype.fromId(c.str("type"));
            c.assertMatches("y", BlockHarness.of(b).input(io, 1, c.inputFloats("x")).output(io, 1).chunk(97).run()
                    .floats(0));
        }
    }

    @Test
    void rotatorMatchesComplexExponential() throws Exception {
        for (var c : ReferenceData.cases("rotator")) {
            Block b = Setups.create(new RotatorBlock.Factory(), "phase_inc", c.num("phase_inc"));
            c.assertMatches("y", BlockHarness.of(b).input(Dtype.CF32, 1, c.inputFloats("x")).output(Dtype.CF32, 1)
                    .chunk(97).run().floats(0));
        }
    }

    @Test
    void rotatorIncrementChangeKeepsPhase() throws Exception {
        Block b = Setups.create(new RotatorBlock.Factory(), "phase_inc", Math.PI / 2);
        float[] ones = {1, 0, 1, 0, 1, 0};
        float[] y = BlockHarness.of(b).input(Dtype.CF32, 1, ones).output(Dtype.CF32, 1).run().floats(0);
        b.applyParam("phase_inc", Setups.value(0.0));
        float[] z = BlockHarness.of(b).input(Dtype.CF32, 1, new float[] {1, 0}).output(Dtype.CF32, 1).run().floats(0);
        assertEquals(-1f, y[4], 1e-6); // phases 0, pi/2, pi
        assertEquals(-1f, z[1], 1e-6); // continues at 3pi/2 (= -j), then stays there
        assertEquals(0f, z[0], 1e-6);
    }

    @Test
    void logPowerFftMatchesGnuRadioChain() throws Exception {
        for (var c : ReferenceData.cases("log_power_fft")) {
            int n = c.integer("fft_size");
            Block b = Setups.create(new LogPowerFftBlock.Factory(), "type", c.str("type"),
                    "samp_rate", c.num("samp_rate"), "fft_size", n, "frame_rate", c.num("frame_rate"),
                    "window", c.str("window"), "beta", c.num("beta"), "shift", c.params().get("shift").asBoolean(),
                    "ref_scale", c.num("ref_scale"), "average", c.params().get("average").asBoolean(),
                    "avg_alpha", c.num("avg_alpha"));
            Dtype io = Dtype.fromId(c.str("type"));
            c.assertMatches("y", BlockHarness.of(b).input(io, 1, c.inputFloats("x")).output(Dtype.F32, n).chunk(97)
                    .run().floats(0));
        }
    }

    @Test
    void fullScaleToneReadsZeroDecibels() throws Exception {
        // a complex tone of amplitude ref_scale/2 exactly on a bin: 0 dB in that bin
        int n = 64;
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            x[2 * i] = (float) Math.cos(2 * Math.PI * 5 * i / n);
            x[2 * i + 1] = (float) Math.sin(2 * Math.PI * 5 * i / n);
        }
        Block b = Setups.create(new LogPowerFftBlock.Factory(), "type", "cf32", "samp_rate", 64.0, "fft_size", n,
                "frame_rate", 1.0, "window", "rectangular", "beta", 0.0, "shift", false, "ref_scale", 2.0,
                "average", false, "avg_alpha", 1.0);
        float[] y = BlockHarness.of(b).input(Dtype.CF32, 1, x).output(Dtype.F32, n).run().floats(0);
        assertEquals(0.0, y[5], 1e-4);
        for (int k = 0; k < n; k++) { // other bins: rounding noise, at most the -300 dB floor, never -inf
            assertTrue(k == 5 || (y[k] < -120 && y[k] >= -300 - 20 * Math.log10(n)), "bin " + k + ": " + y[k]);
        }
    }
}
