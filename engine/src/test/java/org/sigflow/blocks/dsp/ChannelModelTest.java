package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

/** channel_model: y[n] = (h * x)[n] exp(j 2π f n) + noise, across work calls; noise of total power voltage². */
class ChannelModelTest {

    private static float[] run(float[] x, double noise, int chunk) throws Exception {
        return BlockHarness.of(Setups.create(new ChannelModelBlock.Factory(), "noise_voltage", noise,
                "frequency_offset", 0.013, "taps", Setups.complexList(new float[] {0.8f, 0.1f, 0f, 0f, -0.3f, 0.2f}), "seed", 4))
                .input(x, true).output(Dtype.CF32, 1).chunk(chunk).run().floats(0);
    }

    @Test
    void multipathAndFrequencyOffsetFollowTheirDefinition() throws Exception {
        int n = 5000;
        float[] x = new float[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            x[i] = (float) Math.sin(0.37 * i + 0.1 * (i % 7));
        }
        float[] y = run(x, 0, 1); // one sample per call: the history crosses every call
        double[][] h = {{0.8, 0.1}, {0, 0}, {-0.3, 0.2}};
        for (int k = 0; k < n; k += 13) {
            double re = 0;
            double im = 0;
            for (int t = 0; t < 3 && t <= k; t++) {
                re += h[t][0] * x[2 * (k - t)] - h[t][1] * x[2 * (k - t) + 1];
                im += h[t][0] * x[2 * (k - t) + 1] + h[t][1] * x[2 * (k - t)];
            }
            double ph = 2 * Math.PI * 0.013 * k;
            assertEquals(re * Math.cos(ph) - im * Math.sin(ph), y[2 * k], 1e-5, "re " + k);
            assertEquals(re * Math.sin(ph) + im * Math.cos(ph), y[2 * k + 1], 1e-5, "im " + k);
        }
    }

    @Test
    void noiseHasTheVoltageSquaredAsItsPower() throws Exception {
        float[] y = run(new float[2 * 200_000], 0.25, 4096);
        double p = 0;
        for (float v : y) {
            p += v * v;
        }
        assertEquals(0.0625, p / 200_000, 0.0625 * 0.02);
    }
}
