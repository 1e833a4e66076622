package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Batched power-of-two FFT with the Vector API: {@code L} frames at once, one frame per lane, so every butterfly is
 * plain vertical arithmetic (no shuffles at any stage, twiddles are broadcasts). The copy-in gathers sample
 * {@code rev(k)} of the {@code L} frames into slot {@code k} of a split re/im scratch ({@code re[k*L + lane]}),
 * which does the bit reversal, the window (pre-multiplied by the scaling factor), and the input
 * {@code ifftshift} for free; the butterflies are radix-2^2 passes (two radix-2 DIT stages per pass over memory,
 * the first pass with trivial twiddles); the copy-out writes bin {@code k} to its (optionally fftshifted) place
 * in each frame (a transposing scalar copy). Frames left over (fewer than {@code L}) go through the scalar implementation.
 */
final class VectorFrameFft implements FrameFft {
    /**
     * 256-bit vectors (8 frames) where the machine has them: on AVX-512 they measured faster than 512-bit ones, the
     * 8-frame scratch of a 1024-point FFT (64 KiB) staying closer to L1.
     */
    static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED.vectorBitSize() >= 256
            ? FloatVector.SPECIES_256 : FloatVector.SPECIES_PREFERRED;
    static final int L = S.length();
    /** Largest size batched: the scratch is {@code 8 * L * n} bytes, kept within L2. */
    static final int MAX_SIZE = 8192;

    private final int n;
    private final boolean realInput;
    private final boolean inverse;
    private final FrameFft scalar;
    /** Source sample (in frame order) of slot k: bit reversal and input rotation. */
    private final int[] src;
    /** Window (times scaling) for slot k. */
    private final float[] win;
    /** Destination bin position of slot k (natural order after the DIT passes, fftshifted if asked). */
    private final int[] dst;
    /** Per radix-2^2 pass with quarter h: w1 = W_{2h}^j, w2 = W_{4h}^j as (w1r, w1i, w2r, w2i) per j. */
    private final float[][] twiddles;
    private final int[] quarters;
    private final boolean leadingRadix2;
    private final int[] inIndex;
    /** Split scratch: slot k of lane f at {@code k * L + f}; {@link VectorOverlapSave} swaps in its own. */
    float[] re;
    float[] im;

    static boolean supports(int n) {
        return L >= 2 && n >= 2 && n <= MAX_SIZE && Radix2Fft.isPowerOfTwo(n);
    }

    VectorFrameFft(int n, boolean realInput, boolean inverse, float[] window, boolean shift, FftScaling scaling,
                   FrameFft scalar) {
        this.n = n;
        this.realInput = realInput;
        this.inverse = inverse;
        this.scalar = scalar;
        int bits = Integer.numberOfTrailingZeros(n);
        int inRot = inverse && shift ? n / 2 : 0;
        int outRot = !inverse && shift ? n / 2 : 0;
        float scale = scaling.factor(n);
        src = new int[n];
        win = new float[n];
        dst = new int[n];
        for (int k = 0; k < n; k++) {
            int r = Integer.reverse(k) >>> (32 - bits);
            int j = (r + inRot) % n;
            src[k] = j;
            win[k] = window[j] * scale;
            dst[k] = (k + outRot) % n;
        }
        leadingRadix2 = (bits & 1) == 1;
        int passes = bits / 2;
        twiddles = new float[passes][];
        quarters = new int[passes];
        double sign = inverse ? 1 : -1;
        for (int p = 0, h = leadingRadix2 ? 2 : 1; p < passes; p++, h <<= 2) {
            quarters[p] = h;
            float[] t = new float[4 * h];
            for (int j = 0; j < h; j++) {
                double a1 = sign * 2 * Math.PI * j / (2.0 * h);
                double a2 = sign * 2 * Math.PI * j / (4.0 * h);
                t[4 * j] = (float) Math.cos(a1);
                t[4 * j + 1] = (float) Math.sin(a1);
                t[4 * j + 2] = (float) Math.cos(a2);
                t[4 * j + 3] = (float) Math.sin(a2);
            }
            twiddles[p] = t;
        }
        inIndex = new int[L];
        for (int f = 0; f < L; f++) {
            inIndex[f] = f * (realInput ? n : 2 * n);
        }
        re = new float[n * L];
        im = new float[n * L];
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public void process(float[] x, int xOff, float[] y, int yOff, int frames) {
        int inStride = realInput ? n : 2 * n;
        int f = 0;
        for (; f + L <= frames; f += L) {
            batch(x, xOff + f * inStride, y, yOff + f * 2 * n);
        }
        if (f < frames) {
            scalar.process(x, xOff + f * inStride, y, yOff + f * 2 * n, frames - f);
        }
    }

    private void batch(float[] x, int xo, float[] y, int yo) {
        float[] re = this.re, im = this.im;
        int n = this.n;
        // Copy-in: gather, bit-reverse, window.
        if (realInput) {
            FloatVector zero = FloatVector.zero(S);
            for (int k = 0; k < n; k++) {
                FloatVector w = FloatVector.broadcast(S, win[k]);
                FloatVector.fromArray(S, x, xo + src[k], inIndex, 0).mul(w).intoArray(re, k * L);
                zero.intoArray(im, k * L);
            }
        } else {
            for (int k = 0; k < n; k++) {
                FloatVector w = FloatVector.broadcast(S, win[k]);
                int b = xo + 2 * src[k];
                FloatVector.fromArray(S, x, b, inIndex, 0).mul(w).intoArray(re, k * L);
                FloatVector.fromArray(S, x, b + 1, inIndex, 0).mul(w).intoArray(im, k * L);
            }
        }
        butterflies();
        // Copy-out: a transposing scalar copy, frame by frame (a vector scatter measured several times slower).
        int[] dst = this.dst;
        for (int f = 0; f < L; f++) {
            int b = yo + f * 2 * n;
            for (int k = 0, s = f; k < n; k++, s += L) {
                int d = b + 2 * dst[k];
                y[d] = re[s];
                y[d + 1] = im[s];
            }
        }
    }

    /** All DIT passes over the scratch: slot k in bit-reversed order in, bin k in natural order out. */
    void butterflies() {
        int p0 = 0;
        if (leadingRadix2) {
            radix2Trivial();
        } else {
            radix4Trivial();
            p0 = 1;
        }
        for (int p = p0; p < quarters.length; p++) {
            radix4Pass(quarters[p], twiddles[p]);
        }
    }

    /** Radix-2 stage of length 2 (twiddle 1), for odd log2(n). */
    private void radix2Trivial() {
        float[] re = this.re, im = this.im;
        for (int o = 0; o < n * L; o += 2 * L) {
            FloatVector ar = FloatVector.fromArray(S, re, o), ai = FloatVector.fromArray(S, im, o);
            FloatVector br = FloatVector.fromArray(S, re, o + L), bi = FloatVector.fromArray(S, im, o + L);
            ar.add(br).intoArray(re, o);
            ai.add(bi).intoArray(im, o);
            ar.sub(br).intoArray(re, o + L);
            ai.sub(bi).intoArray(im, o + L);
        }
    }

    /** The first radix-2^2 pass (h = 1): twiddles 1 and -j (forward) / +j (inverse). */
    private void radix4Trivial() {
        float[] re = this.re, im = this.im;
        boolean inv = inverse;
        for (int o = 0; o < n * L; o += 4 * L) {
            FloatVector a0r = FloatVector.fromArray(S, re, o), a0i = FloatVector.fromArray(S, im, o);
            FloatVector a1r = FloatVector.fromArray(S, re, o + L), a1i = FloatVector.fromArray(S, im, o + L);
            FloatVector a2r = FloatVector.fromArray(S, re, o + 2 * L), a2i = FloatVector.fromArray(S, im, o + 2 * L);
            FloatVector a3r = FloatVector.fromArray(S, re, o + 3 * L), a3i = FloatVector.fromArray(S, im, o + 3 * L);
            FloatVector b0r = a0r.add(a1r), b0i = a0i.add(a1i), b1r = a0r.sub(a1r), b1i = a0i.sub(a1i);
            FloatVector b2r = a2r.add(a3r), b2i = a2i.add(a3i), b3r = a2r.sub(a3r), b3i = a2i.sub(a3i);
            // b1 + b3 * (-j) = (b1r + b3i, b1i - b3r) lands at o + L (forward); the inverse's +j swaps the two.
            int d1 = inv ? o + 3 * L : o + L, d3 = inv ? o + L : o + 3 * L;
            b0r.add(b2r).intoArray(re, o);
            b0i.add(b2i).intoArray(im, o);
            b0r.sub(b2r).intoArray(re, o + 2 * L);
            b0i.sub(b2i).intoArray(im, o + 2 * L);
            b1r.add(b3i).intoArray(re, d1);
            b1i.sub(b3r).intoArray(im, d1);
            b1r.sub(b3i).intoArray(re, d3);
            b1i.add(b3r).intoArray(im, d3);
        }
    }

    /** Two fused radix-2 DIT stages (lengths 2h and 4h). */
    private void radix4Pass(int h, float[] tw) {
        float[] re = this.re, im = this.im;
        boolean inv = inverse;
        int hl = h * L, block = 4 * hl, total = n * L;
        for (int j = 0; j < h; j++) {
            FloatVector w1r = FloatVector.broadcast(S, tw[4 * j]), w1i = FloatVector.broadcast(S, tw[4 * j + 1]);
            FloatVector w2r = FloatVector.broadcast(S, tw[4 * j + 2]), w2i = FloatVector.broadcast(S, tw[4 * j + 3]);
            for (int o = j * L; o < total; o += block) {
                int o1 = o + hl, o2 = o1 + hl, o3 = o2 + hl;
                FloatVector a0r = FloatVector.fromArray(S, re, o), a0i = FloatVector.fromArray(S, im, o);
                FloatVector a1r = FloatVector.fromArray(S, re, o1), a1i = FloatVector.fromArray(S, im, o1);
                FloatVector a2r = FloatVector.fromArray(S, re, o2), a2i = FloatVector.fromArray(S, im, o2);
                FloatVector a3r = FloatVector.fromArray(S, re, o3), a3i = FloatVector.fromArray(S, im, o3);
                // Stage A (length 2h): a1, a3 times w1.
                FloatVector t1r = a1r.mul(w1r).sub(a1i.mul(w1i)), t1i = a1r.mul(w1i).add(a1i.mul(w1r));
                FloatVector t3r = a3r.mul(w1r).sub(a3i.mul(w1i)), t3i = a3r.mul(w1i).add(a3i.mul(w1r));
                FloatVector b0r = a0r.add(t1r), b0i = a0i.add(t1i), b1r = a0r.sub(t1r), b1i = a0i.sub(t1i);
                FloatVector b2r = a2r.add(t3r), b2i = a2i.add(t3i), b3r = a2r.sub(t3r), b3i = a2i.sub(t3i);
                // Stage B (length 4h): b2 times w2, b3 times w2 * (-j) (forward) / (+j) (inverse).
                FloatVector u2r = b2r.mul(w2r).sub(b2i.mul(w2i)), u2i = b2r.mul(w2i).add(b2i.mul(w2r));
                FloatVector v3r = b3r.mul(w2r).sub(b3i.mul(w2i)), v3i = b3r.mul(w2i).add(b3i.mul(w2r));
                int d1 = inv ? o3 : o1, d3 = inv ? o1 : o3;
                b0r.add(u2r).intoArray(re, o);
                b0i.add(u2i).intoArray(im, o);
                b0r.sub(u2r).intoArray(re, o2);
                b0i.sub(u2i).intoArray(im, o2);
                b1r.add(v3i).intoArray(re, d1);
                b1i.sub(v3r).intoArray(im, d1);
                b1r.sub(v3i).intoArray(re, d3);
                b1i.add(v3r).intoArray(im, d3);
            }
        }
    }
}
