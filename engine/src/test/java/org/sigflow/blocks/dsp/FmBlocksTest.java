package org.sigflow.blocks.dsp;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** frequency_mod and quadrature_demod against numpy (GNU Radio formulas): max error <= 1e-5 * rms. */
class FmBlocksTest {

    @Test
    void frequencyModMatchesCumulativePhase() throws Exception {
        var c = ReferenceData.cases("frequency_mod").get(0);
        Block b = Setups.create(new FrequencyModBlock.Factory(), "sensitivity", c.num("sensitivity"));
        float[] y = BlockHarness.of(b).input(c.inputFloats("x"), false).output(Dtype.CF32, 1).chunk(101).run()
                .floats(0);
        c.assertMatches("y", y);
    }

    @Test
    void quadratureDemodMatchesAngleOfLagProduct() throws Exception {
        var c = ReferenceData.cases("quadrature_demod").get(0);
        Block b = Setups.create(new QuadratureDemodBlock.Factory(), "gain", c.num("gain"));
        float[] y = BlockHarness.of(b).input(c.inputFloats("x"), true).output(Dtype.F32, 1).chunk(101).run()
                .floats(0);
        c.assertMatches("y", y);
    }
}
