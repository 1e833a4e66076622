package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FrameFft}: the Vector API (batched, one frame per lane) and scalar implementations against a float64
 * reference (direct DFT for small sizes, a double-precision radix-2 FFT for large ones) with the block's window,
 * shifts and scaling, and against each other; frame counts that leave a scalar remainder after whole batches.
 */
class FrameFftTest {
    private static final double TOL = 1e-5;

    @Test
    void powersOfTwoMatchFloat64ReferenceBothImplementations() {
        for (int n = 2; n <= 65536; n <<= 1) {
            int frames = n <= 1024 ? 2 * VectorFrameFft.L + 3 : n <= 8192 ? VectorFrameFft.L + 1 : 1;
            check(n, false, false, false, FftScaling.NONE, frames, 7);
            check(n, false, true, false, FftScaling.ONE_OVER_N, frames, 8);
        }
    }

    @Test
    void windowShiftScalingAndRealInputAllCombinations() {
        for (int n : new int[] {2, 4, 8, 32, 64, 128, 512, 1024, 2048, 12, 5}) {
            for (boolean real : new boolean[] {false, true}) {
                for (boolean inverse : new boolean[] {false, true}) {
                    for (boolean shift : new boolean[] {false, true}) {
                        for (FftScaling s : FftScaling.values()) {
                            check(n, real, inverse, shift, s, VectorFrameFft.L + 2, n * 31 + (real ? 1 : 0));
                        }
                    }
                }
            }
        }
    }

    @Test
    void vectorAndScalarAgreeOnTheBenchmarkShape() {
        int n = 1024;
        float[] w = WindowType.fromId("blackman_harris").makeFloat(n, 0);
        Random r = new Random(1);
        int frames = 4 * VectorFrameFft.L + 5;
        float[] x = new float[frames * 2 * n];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        float[] a = new float[x.length], b = new float[x.length];
        FrameFft vector = FrameFfts.create(n, false, false, w, false, FftScaling.NONE, true);
        assertTrue(vector instanceof VectorFrameFft, "the Vector API path is in use in the tests");
        vector.process(x, 0, a, 0, frames);
        FrameFfts.create(n, false, false, w, false, FftScaling.NONE, false).process(x, 0, b, 0, frames);
        for (int f = 0; f < frames; f++) {
            assertTrue(relErr(a, b, f * 2 * n, 2 * n) <= TOL, "frame " + f);
        }
    }

    private static void check(int n, boolean real, boolean inverse, boolean shift, FftScaling scaling, int frames,
                              long seed) {
        Random r = new Random(seed);
        float[] window = randomWindow(r, n);
        int inStride = real ? n : 2 * n;
        int xOff = 3, yOff = 5;
        float[] x = new float[xOff + frames * inStride];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) r.nextGaussian();
        }
        for (boolean simd : new boolean[] {false, true}) {
            FrameFft ff = FrameFfts.create(n, real, inverse, window, shift, scaling, simd);
            float[] y = new float[yOff + frames * 2 * n];
            ff.process(x, xOff, y, yOff, frames);
            for (int f = 0; f < frames; f++) {
                double[] want = reference(x, xOff + f * inStride, real, window, inverse, shift, scaling, n);
                double err = 0, ref = 0;
                for (int i = 0; i < 2 * n; i++) {
                    double d = y[yOff + f * 2 * n + i] - want[i];
                    err += d * d;
                    ref += want[i] * want[i];
                }
                double rel = Math.sqrt(err / Math.max(ref, 1e-300));
                String what = "n=" + n + " real=" + real + " inverse=" + inverse + " shift=" + shift + " scaling="
                        + scaling + " simd=" + simd + " (" + ff.getClass().getSimpleName() + ") frame " + f;
                assertTrue(rel <= TOL, what + ": rel rms error " + rel);
            }
        }
    }

    /** A window of values in [0.5, 1.5) (any real weights do: the references apply the same ones). */
    static float[] randomWindow(Random r, int n) {
        float[] window = new float[n];
        for (int i = 0; i < n; i++) {
            window[i] = 0.5f + r.nextFloat();
        }
        return window;
    }

    /** float64: window, ifftshift (inverse+shift), DFT, fftshift (forward+shift), scaling. */
    static double[] reference(float[] x, int off, boolean real, float[] window, boolean inverse, boolean shift,
                              FftScaling scaling, int n) {
        double[] v = new double[2 * n];
        for (int k = 0; k < n; k++) {
            v[2 * k] = (real ? x[off + k] : x[off + 2 * k]) * (double) window[k];
            v[2 * k + 1] = real ? 0 : x[off + 2 * k + 1] * (double) window[k];
        }
        if (inverse && shift) {
            v = rotate(v, n, n / 2);
        }
        double[] y = n <= 64 || Integer.bitCount(n) != 1 ? dft(v, n, inverse) : fft(v, n, inverse);
        if (!inverse && shift) {
            y = rotate(y, n, n - n / 2);
        }
        double s = scaling == FftScaling.NONE ? 1 : scaling == FftScaling.ONE_OVER_N ? 1.0 / n : 1 / Math.sqrt(n);
        for (int i = 0; i < 2 * n; i++) {
            y[i] *= s;
        }
        return y;
    }

    /** out[k] = in[(k + by) mod n]. */
    private static double[] rotate(double[] in, int n, int by) {
        double[] out = new double[2 * n];
        for (int k = 0; k < n; k++) {
            int j = (k + by) % n;
            out[2 * k] = in[2 * j];
            out[2 * k + 1] = in[2 * j + 1];
        }
        return out;
    }

    private static double[] dft(double[] v, int n, boolean inverse) {
        double sign = inverse ? 1 : -1;
        double[] y = new double[2 * n];
        for (int k = 0; k < n; k++) {
            double sr = 0, si = 0;
            for (int j = 0; j < n; j++) {
                double a = sign * 2 * Math.PI * ((long) j * k % n) / n;
                double c = Math.cos(a), s = Math.sin(a);
                sr += v[2 * j] * c - v[2 * j + 1] * s;
                si += v[2 * j] * s + v[2 * j + 1] * c;
            }
            y[2 * k] = sr;
            y[2 * k + 1] = si;
        }
        return y;
    }

    /** Recursive radix-2 in double with exact twiddles. */
    private static double[] fft(double[] v, int n, boolean inverse) {
        if (n == 1) {
            return v.clone();
        }
        double[] even = new double[n], odd = new double[n];
        for (int k = 0; k < n / 2; k++) {
            even[2 * k] = v[4 * k];
            even[2 * k + 1] = v[4 * k + 1];
            odd[2 * k] = v[4 * k + 2];
            odd[2 * k + 1] = v[4 * k + 3];
        }
        double[] e = fft(even, n / 2, inverse), o = fft(odd, n / 2, inverse);
        double[] y = new double[2 * n];
        double sign = inverse ? 1 : -1;
        for (int k = 0; k < n / 2; k++) {
            double a = sign * 2 * Math.PI * k / n;
            double c = Math.cos(a), s = Math.sin(a);
            double tr = o[2 * k] * c - o[2 * k + 1] * s, ti = o[2 * k] * s + o[2 * k + 1] * c;
            y[2 * k] = e[2 * k] + tr;
            y[2 * k + 1] = e[2 * k + 1] + ti;
            y[2 * (k + n / 2)] = e[2 * k] - tr;
            y[2 * (k + n / 2) + 1] = e[2 * k + 1] - ti;
        }
        return y;
    }

    private static double relErr(float[] a, float[] b, int off, int len) {
        double err = 0, ref = 0;
        for (int i = off; i < off + len; i++) {
            err += (a[i] - (double) b[i]) * (a[i] - (double) b[i]);
            ref += (double) b[i] * b[i];
        }
        return Math.sqrt(err / ref);
    }
}
