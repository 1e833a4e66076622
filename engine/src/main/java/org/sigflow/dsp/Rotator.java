package org.sigflow.dsp;

/**
 * Multiplies interleaved complex samples by a phase-continuous complex exponential, {@code y[n] = x[n] *
 * exp(j*(phase0 + n*increment))} (GNU Radio's {@code blocks::rotator}). The phase is kept as a double and wrapped,
 * and the phasor is recomputed exactly every {@link #BLOCK} samples from a table of {@code exp(j*i*increment)}, so it
 * neither drifts in amplitude nor accumulates phase error, whatever the run length. Changing the increment keeps the
 * current phase (no discontinuity).
 */
public final class Rotator {
    static final int BLOCK = 256;
    private final boolean simd;
    private final double[] table = new double[2 * BLOCK];
    /** {@link #table} as floats, for the Vector API path. */
    private final float[] tableF = new float[2 * BLOCK];
    private double increment;
    private double phase;

    public Rotator(double increment) {
        this(increment, Simd.ENABLED);
    }

    /** {@code simd}: Vector API inner loop (float phasors, about 1e-7 relative error) or the scalar double one. */
    public Rotator(double increment, boolean simd) {
        this.simd = simd;
        setIncrement(increment);
    }

    public void setIncrement(double increment) {
        if (!Double.isFinite(increment)) {
            throw new IllegalArgumentException("phase increment must be finite, got " + increment);
        }
        this.increment = increment;
        for (int i = 0; i < BLOCK; i++) {
            table[2 * i] = Math.cos(i * increment);
            table[2 * i + 1] = Math.sin(i * increment);
            tableF[2 * i] = (float) table[2 * i];
            tableF[2 * i + 1] = (float) table[2 * i + 1];
        }
    }

    public double increment() {
        return increment;
    }

    /** Phase applied to the next sample, in [-pi, pi). */
    public double phase() {
        return phase;
    }

    public void setPhase(double phase) {
        this.phase = ComplexOps.wrapPhase(phase);
    }

    /** Rotates {@code n} complex samples from {@code x[xOff..]} into {@code y[yOff..]} (may be the same place). */
    public void rotate(float[] x, int xOff, float[] y, int yOff, int n) {
        double[] t = table;
        for (int done = 0; done < n; done += BLOCK) {
            int m = Math.min(BLOCK, n - done);
            double br = Math.cos(phase), bi = Math.sin(phase);
            int xi = xOff + 2 * done, yi = yOff + 2 * done;
            int i = simd ? VectorRotations.rotate(x, xi, y, yi, m, tableF, (float) br, (float) bi) : 0;
            for (; i < m; i++) {
                double tr = t[2 * i], ti = t[2 * i + 1];
                double pr = br * tr - bi * ti, pi = br * ti + bi * tr;
                double a = x[xi + 2 * i], b = x[xi + 2 * i + 1];
                y[yi + 2 * i] = (float) (a * pr - b * pi);
                y[yi + 2 * i + 1] = (float) (a * pi + b * pr);
            }
            phase = ComplexOps.wrapPhase(phase + m * increment);
        }
    }
}
