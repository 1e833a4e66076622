package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.BlockHarness;

/**
 * noise_source statistics over 200k samples (in work calls of at most 8192 items; standard error of a variance
 * estimate ~0.3%: tolerance 3%), GNU
 * Radio's scaling: complex gaussian has A^2/2 in each of I and Q, uniform is flat on +-A (real) or +-A/sqrt(2).
 */
class NoiseSourceBlockTest {
    private static final int N = 200_000;

    private static float[] run(String type, String noise, double amp, long seed) throws Exception {
        var b = Setups.create(new NoiseSourceBlock.Factory(), "type", type, "noise_type", noise, "amplitude", amp,
                "seed", seed);
        return BlockHarness.of(b).output(Dtype.fromId(type), 1).chunk(8_000).maxCalls(N / 8_000).run().floats(0);
    }

    /** mean and variance of every stride-th element from start. */
    private static double[] stats(float[] y, int start, int stride) {
        double s = 0, s2 = 0;
        int n = 0;
        for (int i = start; i < y.length; i += stride, n++) {
            s += y[i];
            s2 += (double) y[i] * y[i];
        }
        double mean = s / n;
        return new double[] {mean, s2 / n - mean * mean};
    }

    @Test
    void realGaussianAndUniform() throws Exception {
        double a = 1.5;
        double[] g = stats(run("f32", "gaussian", a, 1), 0, 1);
        assertEquals(0, g[0], 0.02);
        assertEquals(a * a, g[1], 0.03 * a * a);
        float[] u = run("f32", "uniform", a, 1);
        double[] us = stats(u, 0, 1);
        assertEquals(0, us[0], 0.02);
        assertEquals(a * a / 3, us[1], 0.03 * a * a / 3);
        for (float v : u) {
            assertEquals(true, Math.abs(v) <= a);
        }
    }

    @Test
    void complexGaussianSplitsVarianceBetweenIandQ() throws Exception {
        double a = 2;
        float[] y = run("cf32", "gaussian", a, 5);
        assertEquals(2 * N, y.length);
        for (int c = 0; c < 2; c++) {
            double[] s = stats(y, c, 2);
            assertEquals(0, s[0], 0.02);
            assertEquals(a * a / 2, s[1], 0.03 * a * a / 2);
        }
        double[] u = stats(run("cf32", "uniform", a, 5), 1, 2);
        assertEquals(a * a / 2 / 3, u[1], 0.03 * a * a / 6);
    }

    @Test
    void seedMakesItReproducible() throws Exception {
        float[] a = run("cf32", "gaussian", 1, 42);
        assertArrayEquals(a, run("cf32", "gaussian", 1, 42));
        assertFalse(Arrays.equals(a, run("cf32", "gaussian", 1, 43)));
    }

    /** P(value == k), k = -4 … 4. */
    private static double[] histogram(short[] y) {
        double[] h = new double[9];
        for (short v : y) {
            if (Math.abs(v) <= 4) {
                h[v + 4] += 1.0 / y.length;
            }
        }
        return h;
    }

    @Test
    void shortsAreTruncatedLikeGnuRadio() throws Exception {
        // GNU Radio 3.10 noise_source_s, amplitude 3, 10^6 samples (tools/reference/gen_gnuradio_noise_short.py);
        // standard error of a bin over 200k samples ~0.001: tolerance 0.005
        double[] gaussian = {0.0432, 0.0671, 0.0941, 0.117, 0.2616, 0.117, 0.0939, 0.0675, 0.0433};
        double[] uniform = {0, 0, 0.1668, 0.1663, 0.3334, 0.1669, 0.1666, 0, 0};
        for (var c : new Object[][] {{"gaussian", gaussian}, {"uniform", uniform}}) {
            var b = Setups.create(new NoiseSourceBlock.Factory(), "type", "s16", "noise_type", c[0], "amplitude", 3.0,
                    "seed", 3L);
            short[] y = BlockHarness.of(b).output(Dtype.S16, 1).chunk(8_000).maxCalls(N / 8_000).run().shorts(0);
            assertEquals(N, y.length);
            double[] h = histogram(y);
            for (int k = 0; k < 9; k++) {
                assertEquals(((double[]) c[1])[k], h[k], 0.005, c[0] + " P(" + (k - 4) + ")");
            }
        }
    }
}
