package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.dsp.CarrierBand;
import org.sigflow.runtime.BlockHarness;

/** carrier_band_source: its CW carrier is a·exp(j 2π f n / fs), and the band does not depend on the work calls. */
class CarrierBandSourceTest {

    private static float[] run(int carriers, int chunk) throws Exception {
        return BlockHarness.of(Setups.create(new CarrierBandSourceBlock.Factory(), "samp_rate", 1.6e6, "channels", 16,
                "carriers", carriers, "amplitude", 0.1, "seed", 3)).output(Dtype.CF32, 1).chunk(chunk).maxCalls(
                20_000 / chunk + 1).run().floats(0);
    }

    @Test
    void aSingleCarrierIsAPlainComplexTone() throws Exception {
        CarrierBand.Carrier c = new CarrierBand(1.6e6, 16, 1, 0.1, 3).carriers()[0];
        assertEquals(0, c.tone(), "the first carrier is CW");
        float[] y = run(1, 1000);
        assertTrue(y.length >= 2 * 10_000, "samples: " + y.length / 2);
        for (int n = 0; n < y.length / 2; n += 97) {
            double ph = 2 * Math.PI * c.frequency() / 1.6e6 * n;
            assertEquals(c.amplitude() * Math.cos(ph), y[2 * n], 1e-6);
            assertEquals(c.amplitude() * Math.sin(ph), y[2 * n + 1], 1e-6);
        }
    }

    @Test
    void theBandIsTheSameWhateverTheWorkCalls() throws Exception {
        float[] a = run(32, 1000);
        float[] b = run(32, 7);
        int n = Math.min(a.length, b.length);
        assertTrue(n >= 2 * 10_000, "samples compared: " + n / 2);
        assertArrayEquals(java.util.Arrays.copyOf(a, n), java.util.Arrays.copyOf(b, n));
    }
}
