package org.sigflow.dsp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The scalar and Vector API FIR filters agree with each other and with a float64 direct convolution, for tap counts
 * around the vector length, decimations 1..5 and output counts that leave tails.
 */
class FirImplementationsAgreeTest {
    private static final int[] NTAPS = {1, 2, 3, 7, 8, 15, 16, 17, 33, 64};
    private static final int[] DECIM = {1, 2, 3, 5};

    @Test
    void realTapsRealInput() {
        check(false, false);
    }

    @Test
    void realTapsComplexInput() {
        check(true, false);
    }

    @Test
    void complexTapsComplexInput() {
        check(true, true);
    }

    private static void check(boolean complexIn, boolean complexTaps) {
        Random r = new Random(7);
        int c = complexIn ? 2 : 1;
        for (int t : NTAPS) {
            float[] taps = gaussian(r, t * (complexTaps ? 2 : 1));
            FirFilter scalar = make(taps, complexIn, complexTaps, false);
            FirFilter vector = make(taps, complexIn, complexTaps, true);
            for (int d : DECIM) {
                int nOut = 53;
                int xBase = 5 * c;
                float[] x = gaussian(r, xBase + c * (nOut * d + t + 4));
                float[] ys = new float[c * nOut + 3];
                float[] yv = new float[c * nOut + 3];
                scalar.filter(x, xBase, ys, 3, nOut, d);
                vector.filter(x, xBase, yv, 3, nOut, d);
                double[] ref = direct(x, xBase, taps, nOut, d, complexIn, complexTaps);
                String what = "ntaps=" + t + " decim=" + d + " complexIn=" + complexIn + " complexTaps=" + complexTaps;
                for (int i = 0; i < ref.length; i++) {
                    double tol = 1e-5 * Math.sqrt(t) * 4;
                    assertTrue(Math.abs(ys[3 + i] - ref[i]) < tol, what + " scalar at " + i);
                    assertTrue(Math.abs(yv[3 + i] - ref[i]) < tol, what + " vector at " + i);
                    assertTrue(Math.abs(yv[3 + i] - ys[3 + i]) < tol, what + " scalar vs vector at " + i);
                }
            }
        }
    }

    private static FirFilter make(float[] taps, boolean complexIn, boolean complexTaps, boolean simd) {
        if (complexTaps) {
            return FirFilters.complexTaps(taps, simd);
        }
        return complexIn ? FirFilters.realTapsComplexInput(taps, simd) : FirFilters.realTaps(taps, simd);
    }

    /** y[i] = sum_k h[k] x[newest_i - k] in double; newest item of output i is xBase-item + i*d + ntaps-1. */
    private static double[] direct(float[] x, int xBase, float[] h, int nOut, int d, boolean cin, boolean ctaps) {
        int c = cin ? 2 : 1;
        int t = h.length / (ctaps ? 2 : 1);
        double[] y = new double[c * nOut];
        for (int i = 0; i < nOut; i++) {
            int newest = xBase + c * (i * d + t - 1);
            for (int k = 0; k < t; k++) {
                int xi = newest - c * k;
                double hr = ctaps ? h[2 * k] : h[k], hi = ctaps ? h[2 * k + 1] : 0;
                if (cin) {
                    double xr = x[xi], xim = x[xi + 1];
                    y[2 * i] += hr * xr - hi * xim;
                    y[2 * i + 1] += hr * xim + hi * xr;
                } else {
                    y[i] += hr * x[xi];
                }
            }
        }
        return y;
    }

    private static float[] gaussian(Random r, int n) {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = (float) r.nextGaussian();
        }
        return f;
    }
}
