package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;
import org.sigflow.runtime.SyncBlock;

/**
 * interp_fir_filter and rational_resampler against scipy upfirdn(h, x, I, D) cut to whole steps: max error
 * <= 1e-5 * rms(expected), in chunks of 97 items (partial work calls). Designed taps as GNU Radio designs them.
 * (rational_resampler with zero history here; GNU Radio's own start-up is checked by GnuRadioSamplesTest.)
 */
class ResamplingFirBlockTest {

    @Test
    void interpFirMatchesUpfirdn() throws Exception {
        for (var c : ReferenceData.cases("interp_fir_filter")) {
            Block b = Setups.create(new ResamplingFirBlock.InterpFactory(), "io_type", c.str("io_type"),
                    "taps_type", c.str("taps_type"), "interpolation", c.integer("interpolation"),
                    "taps", taps(c));
            check(c, b);
        }
    }

    @Test
    void rationalResamplerMatchesUpfirdn() throws Exception {
        for (var c : ReferenceData.cases("rational_resampler")) {
            Block b = Setups.create(new ResamplingFirBlock.RationalFactory(), "io_type", c.str("io_type"),
                    "taps_type", c.str("taps_type"), "interpolation", c.integer("interpolation"),
                    "decimation", c.integer("decimation"), "taps", taps(c), "fbw", c.num("fbw"), "start", "zero_history");
            check(c, b);
            if (c.params().has("ntaps")) {
                int i = c.integer("reduced_interpolation");
                assertEquals(i, ((SyncBlock) b).interpolation(), c.name() + ": I/D reduced by their gcd");
                assertEquals((c.integer("ntaps") + i - 1) / i, b.history(), c.name() + ": designed tap count");
            }
        }
    }

    private static org.sigflow.expr.Value taps(ReferenceData.Case c) {
        float[] t = c.inputFloats("taps");
        return c.str("taps_type").equals("complex") ? Setups.complexList(t) : Setups.realList(t);
    }

    private static void check(ReferenceData.Case c, Block b) throws Exception {
        Dtype io = Dtype.fromId(c.str("io_type"));
        float[] y = BlockHarness.of(b).input(io, 1, c.inputFloats("x")).output(io, 1).chunk(97).run().floats(0);
        c.assertMatches("y", y);
    }
}
