package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.FmDeemphasis;
import org.sigflow.dsp.ReferenceData;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/** fm_deemph against scipy lfilter with GNU Radio's taps (max error <= 1e-6 * rms), and its corner at 1/(2 pi tau). */
class FmDeemphTest {

    @Test
    void matchesGnuRadiosFilter() throws Exception {
        int cases = 0;
        for (var c : ReferenceData.cases("fm_deemph")) {
            Block b = Setups.create(new FmDeemph(), "samp_rate", c.num("samp_rate"), "tau", c.num("tau"));
            float[] y = BlockHarness.of(b).input(Dtype.F32, 1, c.inputFloats("x")).output(Dtype.F32, 1).chunk(333)
                    .run().floats(0);
            c.assertMatches("y", y);
            cases++;
        }
        assertTrue(cases >= 2);
    }

    @Test
    void unityAtDcAndMinusThreeDecibelsAtTheCorner() {
        double fs = 48e3;
        double tau = 75e-6;
        double[][] ba = FmDeemphasis.taps(fs, tau);
        assertEquals(1.0, gain(ba, 0, fs), 1e-12);
        assertEquals(Math.sqrt(0.5), gain(ba, 1 / (2 * Math.PI * tau), fs), 1e-9, "prewarped: exact at the corner");
    }

    private static double gain(double[][] ba, double f, double fs) {
        double w = 2 * Math.PI * f / fs;
        double nr = ba[0][0] + ba[0][1] * Math.cos(w);
        double ni = -ba[0][1] * Math.sin(w);
        double dr = ba[1][0] + ba[1][1] * Math.cos(w);
        double di = -ba[1][1] * Math.sin(w);
        return Math.hypot(nr, ni) / Math.hypot(dr, di);
    }
}
