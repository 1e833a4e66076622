package org.sigflow.dsp;

/**
 * GNU Radio's {@code mmse_resampler_cc/ff} (formerly {@code fractional_resampler}) with its 8-tap MMSE interpolator
 * ({@link MmseInterpolatorTaps}), step for step: output {@code k} interpolates the 8 inputs from {@code ii} at
 * fractional delay {@code mu} (rounded to 1/128), then {@code mu += ratio} in double and its whole part advances
 * {@code ii}. No history: the first output reads inputs 0..7 ({@code mu = 0} gives input 3).
 */
public final class MmseResampler implements SteppingResampler {
    private static final int NTAPS = MmseInterpolatorTaps.NTAPS;
    /** Multiply-adds per output (per real component). */
    public static final int NTAPS_PER_OUTPUT = NTAPS;
    private final boolean complex;
    private final double ratio;
    private double mu;

    /**
     * @param phaseShift initial {@code mu}, in [0, 1]
     * @param ratio      input items per output item ({@code resamp_ratio}), > 0
     */
    public MmseResampler(boolean complex, float phaseShift, float ratio) {
        if (!(ratio > 0)) {
            throw new IllegalArgumentException("the resampling ratio must be > 0, got " + ratio);
        }
        if (!(phaseShift >= 0 && phaseShift <= 1)) {
            throw new IllegalArgumentException("the phase shift must be in [0, 1], got " + phaseShift);
        }
        this.complex = complex;
        this.ratio = ratio;
        this.mu = phaseShift;
    }

    /** An output reads 8 inputs from its window's start. */
    @Override
    public int window() {
        return NTAPS;
    }

    @Override
    public int history() {
        return 1;
    }

    @Override
    public int process(float[] x, int xOff, int ahead, int available, float[] y, int yOff, int maxOut, int[] next) {
        int f = complex ? 2 : 1;
        int ii = ahead;
        int n = 0;
        while (n < maxOut && ii + NTAPS <= available) {
            int imu = (int) Math.rint((float) mu * MmseInterpolatorTaps.NSTEPS);
            float[] t = MmseInterpolatorTaps.TAPS[imu];
            int at = xOff + ii * f;
            if (complex) {
                float re = 0;
                float im = 0;
                for (int c = 0; c < NTAPS; c++) {
                    re += t[c] * x[at + 2 * (NTAPS - 1 - c)];
                    im += t[c] * x[at + 2 * (NTAPS - 1 - c) + 1];
                }
                y[yOff + 2 * n] = re;
                y[yOff + 2 * n + 1] = im;
            } else {
                float s = 0;
                for (int c = 0; c < NTAPS; c++) {
                    s += t[c] * x[at + NTAPS - 1 - c];
                }
                y[yOff + n] = s;
            }
            n++;
            double s = mu + ratio;
            double whole = Math.floor(s);
            mu = s - whole;
            ii += (int) whole;
        }
        next[0] = ii;
        return n;
    }
}
