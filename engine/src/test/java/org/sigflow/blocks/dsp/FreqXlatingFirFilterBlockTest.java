package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * freq_xlating_fir_filter against numpy: lfilter(h, 1, x * exp(-j w n))[::D], max error <= 2e-5 * rms(expected)
 * (taps rotated and outputs derotated in float), in chunks of 97 items.
 */
class FreqXlatingFirFilterBlockTest {
    private final FreqXlatingFirFilterBlock.Factory factory = new FreqXlatingFirFilterBlock.Factory();

    @Test
    void matchesMixFilterDecimate() throws Exception {
        for (var c : ReferenceData.cases("freq_xlating_fir_filter")) {
            Block b = create(c, c.num("center_freq"));
            float[] y = BlockHarness.of(b).input(Dtype.CF32, 1, c.inputFloats("x")).output(Dtype.CF32, 1)
                    .chunk(97).run().floats(0);
            c.assertMatches("y", y);
            if (c.str("taps_mode").equals("designed")) {
                assertEquals(c.integer("ntaps"), b.history(), c.name() + ": designed tap count");
            }
        }
    }

    @Test
    void centreFrequencyChangesWhileRunning() throws Exception {
        // a tone at +5 kHz passes a narrow low-pass only once the filter is tuned to 5 kHz
        var c = ReferenceData.cases("freq_xlating_fir_filter").getLast();
        Block b = create(c, 0.0);
        int n = 4800;
        float[] tone = new float[2 * n];
        for (int i = 0; i < n; i++) {
            tone[2 * i] = (float) Math.cos(2 * Math.PI * 5000 * i / 48000.0);
            tone[2 * i + 1] = (float) Math.sin(2 * Math.PI * 5000 * i / 48000.0);
        }
        float[] before = BlockHarness.of(b).input(Dtype.CF32, 1, tone).output(Dtype.CF32, 1).run().floats(0);
        b.applyParam("center_freq", Setups.value(5000.0));
        float[] after = BlockHarness.of(b).input(Dtype.CF32, 1, tone).output(Dtype.CF32, 1).run().floats(0);
        assertTrue(mag(before, before.length / 2 - 1) < 1e-3, "off-tune tone leaks: " + mag(before, 900));
        for (int m = 200; m < after.length / 2; m++) {
            assertEquals(1.0, mag(after, m), 2e-3, "tuned tone at output " + m); // DC after mixing, gain 1
        }
    }

    private static double mag(float[] y, int m) {
        return Math.hypot(y[2 * m], y[2 * m + 1]);
    }

    private Block create(ReferenceData.Case c, double centre) throws Exception {
        if (c.str("taps_mode").equals("explicit")) {
            float[] t = c.inputFloats("taps");
            return Setups.create(factory, "taps_type", c.str("taps_type"), "decimation", c.integer("decimation"),
                    "center_freq", centre, "samp_rate", c.num("samp_rate"), "taps_mode", "explicit",
                    "taps", c.str("taps_type").equals("complex") ? Setups.complexList(t) : Setups.realList(t));
        }
        return Setups.create(factory, "taps_type", "real", "decimation", c.integer("decimation"),
                "center_freq", centre, "samp_rate", c.num("samp_rate"), "taps_mode", "designed",
                "cutoff", c.num("cutoff"), "transition_width", c.num("transition_width"), "window", c.str("window"),
                "beta", c.num("beta"), "gain", c.num("gain"));
    }
}
