package org.sigflow.blocks.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sigflow.catalog.Dtype;
import org.sigflow.runtime.Block;
import org.sigflow.runtime.BlockHarness;

/**
 * fir_filter's FFT convolution (long taps, no decimation) against a float64 direct convolution: max error ≤ 2e-6 ×
 * rms(expected); the same bits whatever the work-call sizes (the harness offers at least one block of space: the
 * runtime guarantees the output multiple, here up to two 3797-item frames for real input); the stream's last partial
 * block is not lost.
 */
class FftFirFilterBlockTest {
    private final FirFilterBlock.Factory factory = new FirFilterBlock.Factory();
    private final Random rnd = new Random(12);

    private float[] noise(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) rnd.nextGaussian();
        }
        return v;
    }

    /** y[i] = sum_k h[k] x[i-k] in float64 (complex interleaved when asked). */
    private static double[] convolve(float[] h, float[] x, boolean cTaps, boolean cIn) {
        int nt = cTaps ? h.length / 2 : h.length;
        int n = cIn ? x.length / 2 : x.length;
        double[] y = new double[cIn ? 2 * n : n];
        for (int i = 0; i < n; i++) {
            double re = 0, im = 0;
            for (int k = 0; k < nt && k <= i; k++) {
                double hr = cTaps ? h[2 * k] : h[k], hi = cTaps ? h[2 * k + 1] : 0;
                double xr = cIn ? x[2 * (i - k)] : x[i - k], xi = cIn ? x[2 * (i - k) + 1] : 0;
                re += hr * xr - hi * xi;
                im += hr * xi + hi * xr;
            }
            if (cIn) {
                y[2 * i] = re;
                y[2 * i + 1] = im;
            } else {
                y[i] = re;
            }
        }
        return y;
    }

    private Block create(float[] taps, boolean cTaps, boolean cIn) throws Exception {
        return Setups.create(factory, "io_type", cIn ? "cf32" : "f32", "taps_type", cTaps ? "complex" : "real",
                "decimation", 1, "taps_mode", "explicit",
                "taps", cTaps ? Setups.complexList(taps) : Setups.realList(taps));
    }

    @Test
    void matchesDirectConvolutionForEachTapAndInputType() throws Exception {
        boolean[][] kinds = {{true, true}, {false, true}, {false, false}};
        for (boolean[] k : kinds) {
            float[] h = noise(k[0] ? 2 * 300 : 300);
            float[] x = noise(k[1] ? 2 * 10_007 : 10_007); // not a multiple of the block length: a tail block
            Block b = create(h, k[0], k[1]);
            assertInstanceOf(FftFirFilterBlock.class, b);
            Dtype io = k[1] ? Dtype.CF32 : Dtype.F32;
            float[] y = BlockHarness.of(b).input(io, 1, x).output(io, 1).chunk(8000).run().floats(0);
            double[] want = convolve(h, x, k[0], k[1]);
            assertEquals(want.length, y.length, "every input gives an output, taps " + (k[0] ? "c" : "r") + " in " + io);
            double power = 0, worst = 0;
            for (int i = 0; i < want.length; i++) {
                power += want[i] * want[i];
                worst = Math.max(worst, Math.abs(y[i] - want[i]));
            }
            double rms = Math.sqrt(power / want.length);
            assertTrue(worst <= 2e-6 * rms, "taps " + (k[0] ? "c" : "r") + " in " + io + ": " + worst / rms);
        }
    }

    @Test
    void sameBitsWhateverTheWorkCallSizes() throws Exception {
        float[] h = noise(2 * 512);
        float[] x = noise(2 * 20_000);
        float[] a = BlockHarness.of(create(h, true, true)).input(Dtype.CF32, 1, x).output(Dtype.CF32, 1).chunk(3600)
                .run().floats(0);
        float[] b = BlockHarness.of(create(h, true, true)).input(Dtype.CF32, 1, x).output(Dtype.CF32, 1)
                .chunk(8191).run().floats(0);
        assertArrayEquals(a, b);
        // real input: two frames share a vector lane, always the same two (blocks at fixed positions)
        float[] hr = noise(512);
        float[] xr = noise(50_000);
        float[] c = BlockHarness.of(create(hr, false, false)).input(Dtype.F32, 1, xr).output(Dtype.F32, 1)
                .chunk(7200).run().floats(0);
        float[] d = BlockHarness.of(create(hr, false, false)).input(Dtype.F32, 1, xr).output(Dtype.F32, 1)
                .chunk(16_384).run().floats(0);
        assertEquals(xr.length, c.length);
        assertArrayEquals(c, d);
    }

    @Test
    void shortTapsAndDecimationStayDirect() throws Exception {
        assertInstanceOf(FirFilterBlock.class, create(noise(FftFirFilterBlock.FROM_TAPS - 1), false, true));
        Block d = Setups.create(factory, "io_type", "cf32", "taps_type", "real", "decimation", 2,
                "taps_mode", "explicit", "taps", Setups.realList(noise(500)));
        assertInstanceOf(FirFilterBlock.class, d);
    }
}
