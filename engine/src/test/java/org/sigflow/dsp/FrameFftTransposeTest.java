package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VectorFrameFft}'s transposing copies ({@link LaneTransposes}) against its gathering copy-in and scalar
 * copy-out (bit for bit: both are copies with the same window multiply) and against the scalar FFT (within float32
 * rounding), for every power-of-two size 2 … 8192, complex and real input, with window, shifts and scaling, frame
 * counts that leave a tail (odd ones among them) and input and output offsets inside larger arrays. The float64
 * references of the whole transform are {@link FrameFftTest}'s (which runs with whatever path is the default).
 */
class FrameFftTransposeTest {
    private static final double TOL = 1e-5;

    @Test
    void transposedCopiesGiveTheSameBitsAsTheOldCopiesAndMatchTheScalarFft() {
        assumeTrue(LaneTransposes.supports(4 * LaneButterflies.L), "256- or 512-bit lanes available");
        for (int n = 2; n <= 8192; n <<= 1) {
            for (int frames : n <= 512 ? new int[] {1, 7, 8, 9, 17, 24, 31} : new int[] {3, 8, 9, 17}) {
                for (int variant = 0; variant < 8; variant++) {
                    boolean inverse = (variant & 1) == 1, shift = (variant & 2) == 2, real = (variant & 4) == 4;
                    FftScaling scaling = FftScaling.values()[variant % FftScaling.values().length];
                    check(n, frames, real, inverse, shift, scaling, 1000L * n + 10L * frames + variant);
                }
            }
        }
    }

    @Test
    void onByDefaultWithAvx512AndSelectableByProperty() {
        assertTrue(!LaneTransposes.enabled("false"), "sigflow.fft.transpose=false keeps the old copies");
        assertEquals(LaneTransposes.supports(4 * LaneButterflies.L), LaneTransposes.enabled("true"));
        VectorFrameFft on = new VectorFrameFft(1024, false, false, ones(1024), false, FftScaling.NONE, true);
        VectorFrameFft off = new VectorFrameFft(1024, false, false, ones(1024), false, FftScaling.NONE, false);
        VectorFrameFft real = new VectorFrameFft(1024, true, false, ones(1024), false, FftScaling.NONE, true);
        VectorFrameFft realFour = new VectorFrameFft(4, true, false, ones(4), false, FftScaling.NONE, true);
        VectorFrameFft two = new VectorFrameFft(2, false, false, ones(2), false, FftScaling.NONE, true);
        assertEquals(LaneTransposes.supports(1024), on.transposes());
        assertEquals(LaneTransposes.supportsReal(1024), real.transposes());
        assertTrue(!off.transposes() && !realFour.transposes() && !two.transposes(),
                "old copies when off, below 8 real points and below 4 complex ones");
    }

    private static void check(int n, int frames, boolean real, boolean inverse, boolean shift, FftScaling scaling,
                              long seed) {
        Random r = new Random(seed);
        float[] window = FrameFftTest.randomWindow(r, n);
        int xOff = 3, yOff = 5;
        float[] x = new float[xOff + frames * (real ? n : 2 * n) + 7];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        float[] fast = run(new VectorFrameFft(n, real, inverse, window, shift, scaling, true), x, xOff, yOff, frames);
        float[] old = run(new VectorFrameFft(n, real, inverse, window, shift, scaling, false), x, xOff, yOff, frames);
        float[] scalar = run(new ScalarFrameFft(n, real, inverse, window, shift, scaling), x, xOff, yOff, frames);
        String what = "n=" + n + " frames=" + frames + " real=" + real + " inverse=" + inverse + " shift=" + shift + " "
                + scaling;
        assertArrayEquals(old, fast, what + ": transposed copies differ from the old ones");
        for (int f = 0; f < frames; f++) {
            double err = 0, ref = 0;
            for (int i = yOff + f * 2 * n; i < yOff + (f + 1) * 2 * n; i++) {
                err += (fast[i] - (double) scalar[i]) * (fast[i] - (double) scalar[i]);
                ref += (double) scalar[i] * scalar[i];
            }
            assertTrue(Math.sqrt(err / ref) <= TOL, what + " frame " + f + ": rel rms " + Math.sqrt(err / ref));
        }
        for (int i = 0; i < yOff; i++) {
            assertEquals(-1f, fast[i], "nothing written before the output offset");
        }
        assertEquals(-1f, fast[fast.length - 1], "nothing written after the last frame");
    }

    private static float[] run(FrameFft fft, float[] x, int xOff, int yOff, int frames) {
        float[] y = new float[yOff + frames * 2 * fft.size() + 1];
        java.util.Arrays.fill(y, -1f);
        fft.process(x, xOff, y, yOff, frames);
        return y;
    }

    private static float[] ones(int n) {
        float[] w = new float[n];
        java.util.Arrays.fill(w, 1f);
        return w;
    }
}
