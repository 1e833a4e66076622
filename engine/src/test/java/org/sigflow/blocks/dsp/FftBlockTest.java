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
}
