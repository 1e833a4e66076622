package org.sigflow.dsp;

/**
 * GNU Radio's polyphase arbitrary resampler ({@code gr::filter::kernel::pfb_arb_resampler_ccf/fff/ccc}), step for
 * step: the prototype {@code h} (at {@code nfilts} times the input rate) is split into {@code nfilts} branches of
 * {@code Q = ceil(ntaps/nfilts)} taps, with a second bank of derivative taps {@code h[i+1] - h[i]}. Each output is
 * {@code branch_j(x) + dbranch_j(x) * acc} at the current input; then, in float as GNU Radio does,
 * {@code acc += flt_rate}, {@code j += dec_rate + floor(acc)}, {@code acc = fmod(acc, 1)}, and whole multiples of
 * {@code nfilts} in {@code j} advance the input. It starts at branch {@code (ntaps/2) mod nfilts} with
 * {@code acc = 0}, on zero history (as GNU Radio, whose block preloads {@code Q-1} zeros).
 */
public final class PfbArbResampler implements SteppingResampler {
    private final int nfilts;
    private final int branchTaps;
    private final int decRate;
    private final float fltRate;
    private final boolean complexTaps;
    private final boolean complexInput;
    /** Branch filters over the branch taps, newest input first ({@code h_j[k]} multiplies {@code x[n - k]}). */
    private final FirFilter[] filters;
    private final FirFilter[] diffFilters;
    private final float[] o0 = new float[2];
    private final float[] o1 = new float[2];
    private int branch;
    private float acc;

    /**
     * @param h      prototype taps, real or interleaved complex ({@code complexTaps})
     * @param rate   output rate / input rate
     */
    public PfbArbResampler(float[] h, boolean complexTaps, boolean complexInput, float rate, int nfilts) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("the resampling rate must be > 0, got " + rate);
        }
        if (nfilts < 1) {
            throw new IllegalArgumentException("the number of filters must be >= 1, got " + nfilts);
        }
        if (complexTaps && !complexInput) {
            throw new IllegalArgumentException("complex taps need a complex (cf32) input");
        }
        int stride = complexTaps ? 2 : 1;
        int ntaps = h.length / stride;
        if (ntaps == 0) {
            throw new IllegalArgumentException("the resampler needs at least one tap");
        }
        this.nfilts = nfilts;
        this.complexTaps = complexTaps;
        this.complexInput = complexInput;
        float ratio = nfilts / rate; // GNU Radio: unsigned / float, in float
        this.decRate = (int) Math.floor(ratio);
        this.fltRate = ratio - decRate;
        this.branchTaps = (ntaps + nfilts - 1) / nfilts;
        float[] d = new float[h.length];
        for (int i = 0; i + stride < h.length; i++) {
            d[i] = h[i + stride] - h[i];
        }
        this.filters = filters(branches(h, stride));
        this.diffFilters = filters(branches(d, stride));
        this.branch = (ntaps / 2) % nfilts;
    }

    private FirFilter[] filters(float[][] branchTaps) {
        FirFilter[] f = new FirFilter[nfilts];
        for (int j = 0; j < nfilts; j++) {
            f[j] = complexTaps ? FirFilters.complexTaps(branchTaps[j]) : complexInput
                    ? FirFilters.realTapsComplexInput(branchTaps[j]) : FirFilters.realTaps(branchTaps[j]);
        }
        return f;
    }

    private float[][] branches(float[] h, int stride) {
        float[][] b = new float[nfilts][branchTaps * stride];
        for (int j = 0; j < nfilts; j++) {
            for (int k = 0; k < branchTaps; k++) {
                int i = j + k * nfilts;
                for (int c = 0; c < stride && i * stride < h.length; c++) {
                    b[j][k * stride + c] = h[i * stride + c];
                }
            }
        }
        return b;
    }

    /** Taps per branch: the input history the resampler needs, in items. */
    public int branchTaps() {
        return branchTaps;
    }

    /** An output reads its newest input and the {@code Q-1} before it (history). */
    @Override
    public int window() {
        return 1;
    }

    @Override
    public int history() {
        return branchTaps;
    }

    /** Output {@code k}'s newest input is relative item {@code ahead} (then wherever the branch steps lead). */
    @Override
    public int process(float[] x, int xOff, int ahead, int available, float[] y, int yOff, int maxOut, int[] next) {
        int f = complexInput ? 2 : 1;
        int i = ahead;
        int n = 0;
        while (n < maxOut && i < available) {
            int oldest = xOff + (i - (branchTaps - 1)) * f;
            filters[branch].filter(x, oldest, o0, 0, 1, 1);
            diffFilters[branch].filter(x, oldest, o1, 0, 1, 1);
            y[yOff + n * f] = o0[0] + o1[0] * acc;
            if (complexInput) {
                y[yOff + 2 * n + 1] = o0[1] + o1[1] * acc;
            }
            n++;
            acc += fltRate;
            branch += decRate + (int) Math.floor(acc);
            acc = acc % 1.0f;
            i += branch / nfilts;
            branch %= nfilts;
        }
        next[0] = i;
        return n;
    }
}
