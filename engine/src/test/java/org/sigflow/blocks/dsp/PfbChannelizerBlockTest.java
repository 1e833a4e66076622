package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * pfb_channelizer against a direct numpy channelizer (per channel: the band-pass FIR h[j] exp(j 2 pi k j/N), keep
 * the last sample of every step of N; GNU Radio 3.10 computes the same):
 * max error <= 1e-5 * rms(expected) over all channels, in chunks of 97 items.
 */
class PfbChannelizerBlockTest {
    private final PfbChannelizerBlock.Factory factory = new PfbChannelizerBlock.Factory();

    @Test
    void matchesMixFilterDecimatePerChannel() throws Exception {
        for (var c : ReferenceData.cases("pfb_channelizer")) {
            int n = c.integer("nchans");
            Block b = Setups.create(factory, "nchans", n, "taps", Setups.realList(c.inputFloats("taps")),
                    "osr", c.num("osr"));
            BlockHarness h = BlockHarness.of(b).input(Dtype.CF32, 1, c.inputFloats("x")).chunk(97);
            for (int k = 0; k < n; k++) {
                h.output(Dtype.CF32, 1);
            }
            h.run();
            int per = h.produced(0) * 2;
            float[] all = new float[n * per];
            for (int k = 0; k < n; k++) {
                System.arraycopy(h.floats(k), 0, all, k * per, per);
            }
            c.assertMatches("y", all);
            if (c.params().has("ntaps")) {
                int q = (c.integer("ntaps") + n - 1) / n; // branch taps
                assertEquals((q - 1) * n + 1, b.history(), c.name() + ": designed prototype length");
            }
        }
    }

    @Test
    void refusesOversampling() {
        var e = assertThrows(IllegalArgumentException.class, () -> Setups.create(factory, "nchans", 4,
                "taps", Setups.realList(new float[0]), "osr", 2.0));
        assertEquals(true, e.getMessage().contains("oversample"), e.getMessage());
    }
}
