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
    /** Phase at the start of the current block of {@link #BLOCK} samples. */
    private double anchorPhase;
    /** Samples of the current block already rotated. */
    private int pos;

    public Rotator(double increment) {
        this(increment, Simd.ENABLED);
    }

    /** {@code simd}: Vector API inner loop (float phasors, about 1e-7 relative error) or the scalar double one. */
    public Rotator(double increment, boolean simd) {
        this.simd = simd;
        setIncrement(increment);
    }

    /** Sets the phase step; the current phase is kept (no discontinuity). */
    public void setIncrement(double increment) {
        if (!Double.isFinite(increment)) {
            throw new IllegalArgumentException("phase increment must be finite, got " + increment);
        }
        anchorPhase = phase();
        pos = 0;
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
        return ComplexOps.wrapPhase(anchorPhase + pos * increment);
    }

    public void setPhase(double phase) {
        this.anchorPhase = ComplexOps.wrapPhase(phase);
        this.pos = 0;
    }

    /**
     * Rotates {@code n} complex samples from {@code x[xOff..]} into {@code y[yOff..]} (may be the same place). Blocks
     * of {@link #BLOCK} samples are counted from the first sample, not from the call, and every sample of a block is
     * computed the same way (vector lane or scalar tail), so the output bits do not depend on how calls are cut.
     */
    public void rotate(float[] x, int xOff, float[] y, int yOff, int n) {
        double[] t = table;
        for (int done = 0; done < n; ) {
            int m = Math.min(BLOCK - pos, n - done);
            double br = Math.cos(anchorPhase), bi = Math.sin(anchorPhase);
            int xi = xOff + 2 * done - 2 * pos, yi = yOff + 2 * done - 2 * pos; // indexed by position in the block
            if (simd) {
                int i = pos + VectorRotations.rotate(x, xi + 2 * pos, y, yi + 2 * pos, m, tableF, 2 * pos,
                        (float) br, (float) bi);
                for (; i < pos + m; i++) {
                    VectorRotations.rotateOne(x, xi + 2 * i, y, yi + 2 * i, tableF, 2 * i, (float) br, (float) bi);
                }
            } else {
                for (int i = pos; i < pos + m; i++) {
                    double tr = t[2 * i], ti = t[2 * i + 1];
                    double pr = br * tr - bi * ti, pi = br * ti + bi * tr;
                    double a = x[xi + 2 * i], b = x[xi + 2 * i + 1];
                    y[yi + 2 * i] = (float) (a * pr - b * pi);
                    y[yi + 2 * i + 1] = (float) (a * pi + b * pr);
                }
            }
            done += m;
            pos += m;
            if (pos == BLOCK) {
                anchorPhase = ComplexOps.wrapPhase(anchorPhase + BLOCK * increment);
                pos = 0;
            }
        }
    }
}
