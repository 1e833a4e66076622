package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.expr.Value;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** signal_source against GNU Radio's sig_source formulas evaluated in numpy: max error <= 1e-6 * rms. */
class SignalSourceBlockTest {

    @Test
    void matchesGnuRadioFormulas() throws Exception {
        for (var c : ReferenceData.cases("signal_source")) {
            Dtype t = Dtype.fromId(c.str("type"));
            Block b = Setups.create(new SignalSourceBlock.Factory(), "type", c.str("type"),
                    "waveform", c.str("waveform"), "samp_rate", c.num("samp_rate"), "frequency", c.num("frequency"),
                    "amplitude", c.num("amplitude"), "offset", Value.of(c.num("offset_re"), c.num("offset_im")),
                    "phase", c.num("phase"));
            int n = c.expected("y").length / t.components();
            int chunk = 333;
            float[] y = BlockHarness.of(b).output(t, 1).chunk(chunk).maxCalls((n + chunk - 1) / chunk).run()
                    .floats(0);
            c.assertMatches("y", java.util.Arrays.copyOf(y, n * t.components()));
        }
    }

    @Test
    void runtimeFrequencyAndAmplitude() throws Exception {
        Block b = Setups.create(new SignalSourceBlock.Factory(), "type", "f32", "waveform", "constant",
                "samp_rate", 1000.0, "frequency", 10.0, "amplitude", 1.0, "offset", 0.5, "phase", 0.0);
        b.applyParam("amplitude", Value.of(2.0));
        b.applyParam("frequency", Value.of(20.0));
        float[] y = BlockHarness.of(b).output(Dtype.F32, 1).chunk(4).maxCalls(1).run().floats(0);
        assertEquals(2.5f, y[3]);
    }
}
