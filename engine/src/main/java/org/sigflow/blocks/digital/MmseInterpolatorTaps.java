package org.sigflow.blocks.digital;

/**
 * The 8-tap MMSE interpolating filters of GNU Radio's {@code mmse_fir_interpolator} ({@code interpolator_taps.h}),
 * designed here rather than copied: for mu = i/128 the taps h (offsets -4 … 3) minimise
 * ∫ |e^{jωmu} − Σ h_k e^{−jωk}|² dω over |ω| ≤ 2π·0.25, which GNU Radio's generator minimises numerically. The
 * quadratic has a closed-form optimum (normal equations with sinc kernels); mu above 1/2 is the mirror of 1 − mu, and
 * the taps are rounded to GNU Radio's printed 6 significant digits: 1012 of the 1032 taps equal GNU Radio's, the
 * others differ in the last digit (the numerical optimiser's residue).
 */
final class MmseInterpolatorTaps {
    static final int NTAPS = 8;
    static final int NSTEPS = 128;
    /** TAPS[i][k]: filter for mu = i / NSTEPS; output = Σ_k TAPS[i][k] · x[7 − k] over a window x[0..7]. */
    static final float[][] TAPS = design();

    private MmseInterpolatorTaps() {}

    private static float[][] design() {
        float[][] t = new float[NSTEPS + 1][];
        for (int i = 0; i <= NSTEPS / 2; i++) {
            double[] h = optimum((double) i / NSTEPS);
            t[i] = new float[NTAPS];
            for (int k = 0; k < NTAPS; k++) {
                t[i][k] = Float.parseFloat(String.format(java.util.Locale.ROOT, "%.5e", h[k]));
            }
        }
        for (int i = 0; i < NSTEPS / 2; i++) {
            t[NSTEPS - i] = new float[NTAPS];
            for (int k = 0; k < NTAPS; k++) {
                t[NSTEPS - i][k] = t[i][NTAPS - 1 - k];
            }
        }
        return t;
    }

    /** ∫_{-W}^{W} cos(ω a) dω. */
    private static double kernel(double a, double w) {
        return Math.abs(a) < 1e-12 ? 2 * w : 2 * Math.sin(w * a) / a;
    }

    private static double[] optimum(double mu) {
        double w = 2 * Math.PI * 0.25;
        double[][] m = new double[NTAPS][NTAPS + 1];
        for (int r = 0; r < NTAPS; r++) {
            for (int c = 0; c < NTAPS; c++) {
                m[r][c] = kernel(r - c, w);
            }
            m[r][NTAPS] = kernel(mu + r - NTAPS / 2, w);
        }
        for (int c = 0; c < NTAPS; c++) {                 // Gaussian elimination, partial pivoting
            int p = c;
            for (int r = c + 1; r < NTAPS; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            double[] tmp = m[c];
            m[c] = m[p];
            m[p] = tmp;
            for (int r = c + 1; r < NTAPS; r++) {
                double f = m[r][c] / m[c][c];
                for (int k = c; k <= NTAPS; k++) {
                    m[r][k] -= f * m[c][k];
                }
            }
        }
        double[] h = new double[NTAPS];
        for (int r = NTAPS - 1; r >= 0; r--) {
            double s = m[r][NTAPS];
            for (int k = r + 1; k < NTAPS; k++) {
                s -= m[r][k] * h[k];
            }
            h[r] = s / m[r][r];
        }
        return h;
    }
}
