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
    /** Branch taps, newest input first: {@code taps[j][k]} multiplies {@code x[n - k]} (interleaved if complex). */
    private final float[][] taps;
    private final float[][] diffTaps;
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
        this.taps = branches(h, stride);
        this.diffTaps = branches(d, stride);
        this.branch = (ntaps / 2) % nfilts;
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
            int at = xOff + i * f;
            if (complexInput) {
                dotComplex(x, at, n, y, yOff);
            } else {
                float o0 = dotReal(taps[branch], x, at);
                float o1 = dotReal(diffTaps[branch], x, at);
                y[yOff + n] = o0 + o1 * acc;
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

    private float dotReal(float[] t, float[] x, int at) {
        float s = 0;
        for (int k = 0; k < branchTaps; k++) {
            s += t[k] * x[at - k];
        }
        return s;
    }

    private void dotComplex(float[] x, int at, int n, float[] y, int yOff) {
        float[] t = taps[branch];
        float[] d = diffTaps[branch];
        float r0 = 0;
        float i0 = 0;
        float r1 = 0;
        float i1 = 0;
        for (int k = 0; k < branchTaps; k++) {
            float xr = x[at - 2 * k];
            float xi = x[at - 2 * k + 1];
            if (complexTaps) {
                r0 += t[2 * k] * xr - t[2 * k + 1] * xi;
                i0 += t[2 * k] * xi + t[2 * k + 1] * xr;
                r1 += d[2 * k] * xr - d[2 * k + 1] * xi;
                i1 += d[2 * k] * xi + d[2 * k + 1] * xr;
            } else {
                r0 += t[k] * xr;
                i0 += t[k] * xi;
                r1 += d[k] * xr;
                i1 += d[k] * xi;
            }
        }
        y[yOff + 2 * n] = r0 + r1 * acc;
        y[yOff + 2 * n + 1] = i0 + i1 * acc;
    }
}
