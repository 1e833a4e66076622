package org.sigflow.dsp;

/**
 * Rational resampling by interpolation {@code I} and decimation {@code D} with one FIR prototype {@code h}, as GNU
 * Radio's {@code rational_resampler} and {@code interp_fir_filter} compute it: output {@code m} is sample
 * {@code m*D} of {@code h} convolved with the input upsampled by {@code I} (zeros inserted), i.e. scipy's
 * {@code upfirdn(h, x, I, D)}. The prototype is split into {@code I} branches {@code h_p[j] = h[p + j*I]}; every
 * step consumes {@code D} inputs and yields {@code I} outputs, and output {@code r} of a step is branch
 * {@code (r*D) mod I} at input lag {@code floor(r*D/I)}. Each output slot {@code r} is then a decimate-by-D FIR over
 * the whole chunk, so the vectorised {@link FirFilter} kernels do all the arithmetic; the results are interleaved
 * into the output. Instances hold a scratch buffer: one per block thread.
 */
public final class PolyphaseResampler {
    /** Steps per {@link #process} call at most (bounds the scratch buffer). */
    public static final int MAX_STEPS = 4096;

    private final int interpolation;
    private final int decimation;
    private final int branchTaps;
    private final int itemFloats;
    private final FirFilter[] branches;
    private final float[] scratch;

    /**
     * @param taps        prototype taps, real or interleaved complex ({@code complexTaps})
     * @param complexInput interleaved complex items (otherwise one float per item)
     */
    public PolyphaseResampler(float[] taps, boolean complexTaps, boolean complexInput, int interpolation,
                              int decimation) {
        if (interpolation < 1 || decimation < 1) {
            throw new IllegalArgumentException("interpolation and decimation must be >= 1, got " + interpolation
                    + " and " + decimation);
        }
        if (complexTaps && !complexInput) {
            throw new IllegalArgumentException("complex taps need a complex (cf32) input");
        }
        int stride = complexTaps ? 2 : 1;
        int ntaps = taps.length / stride;
        if (ntaps == 0) {
            throw new IllegalArgumentException("a resampling filter needs at least one tap");
        }
        this.interpolation = interpolation;
        this.decimation = decimation;
        this.branchTaps = (ntaps + interpolation - 1) / interpolation;
        this.itemFloats = complexInput ? 2 : 1;
        this.branches = new FirFilter[interpolation];
        for (int p = 0; p < interpolation; p++) {
            float[] hp = new float[branchTaps * stride];
            for (int j = 0; j < branchTaps; j++) {
                int k = p + j * interpolation;
                for (int c = 0; c < stride && k < ntaps; c++) {
                    hp[j * stride + c] = taps[k * stride + c];
                }
            }
            branches[p] = complexTaps ? FirFilters.complexTaps(hp)
                    : complexInput ? FirFilters.realTapsComplexInput(hp) : FirFilters.realTaps(hp);
        }
        this.scratch = interpolation == 1 ? null : new float[MAX_STEPS * itemFloats];
    }

    /** Input history the branches need, in items (the runtime's {@code history()}). */
    public int history() {
        return branchTaps;
    }

    /**
     * Runs {@code steps <= MAX_STEPS} steps: reads {@code steps*D} items from {@code x[xOff..]} (with
     * {@link #history()}{@code - 1} items of history before {@code xOff}), writes {@code steps*I} items to
     * {@code y[yOff..]}.
     */
    public void process(float[] x, int xOff, float[] y, int yOff, int steps) {
        if (steps > MAX_STEPS) {
            throw new IllegalArgumentException("at most " + MAX_STEPS + " steps per call, got " + steps);
        }
        int f = itemFloats;
        if (interpolation == 1) {
            branches[0].filter(x, xOff - (branchTaps - 1) * f, y, yOff, steps, decimation);
            return;
        }
        for (int r = 0; r < interpolation; r++) {
            long rd = (long) r * decimation;
            int phase = (int) (rd % interpolation);
            int lag = (int) (rd / interpolation);
            branches[phase].filter(x, xOff + (lag - (branchTaps - 1)) * f, scratch, 0, steps, decimation);
            int stride = interpolation * f;
            int o = yOff + r * f;
            if (f == 1) {
                for (int s = 0; s < steps; s++, o += stride) {
                    y[o] = scratch[s];
                }
            } else {
                for (int s = 0; s < steps; s++, o += stride) {
                    y[o] = scratch[2 * s];
                    y[o + 1] = scratch[2 * s + 1];
                }
            }
        }
    }
}
