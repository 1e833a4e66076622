package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Batched power-of-two FFT with the Vector API: {@code L} frames at once, one frame per lane, so every butterfly is
 * plain vertical arithmetic (no shuffles at any stage, twiddles are broadcasts). The copy-in gathers sample
 * {@code rev(k)} of the {@code L} frames into slot {@code k} of a split re/im scratch ({@code re[k*L + lane]}),
 * which does the bit reversal, the window (pre-multiplied by the scaling factor), and the input
 * {@code ifftshift} for free; the butterflies are {@link LaneButterflies}; the copy-out writes bin {@code k} to its
 * (optionally fftshifted) place in each frame (a transposing scalar copy). Frames left over (fewer than {@code L})
 * go through the same vector arithmetic, the spare lanes reading the group's first frame, so a frame's result does not
 * depend on how many frames come with it (bit-reproducible whatever the call sizes). Whole batches of
 * frames copy in and out through {@link LaneTransposes} where it is on (same bits, faster).
 */
final class VectorFrameFft implements FrameFft {
    static final VectorSpecies<Float> S = LaneButterflies.S;
    static final int L = LaneButterflies.L;
    /** Largest size batched: the scratch is {@code 8 * L * n} bytes, kept within L2. */
    static final int MAX_SIZE = 8192;

    private final int n;
    private final boolean realInput;
    /** Source sample (in frame order) of slot k: bit reversal and input rotation. */
    private final int[] src;
    /** Window (times scaling) for slot k. */
    private final float[] win;
    /** Destination bin position of slot k (natural order after the DIT passes, fftshifted if asked). */
    private final int[] dst;
    private final LaneButterflies butterflies;
    private final int[] inIndex;
    /** Gather offsets of a group of fewer than L frames (spare lanes read its first frame). */
    private final int[] tailIndex = new int[L];
    /** Split scratch: slot k of lane f at {@code pos[k] + f}. */
    private final int[] pos;
    private final float[] re;
    private final float[] im;
    /** Transposing copies for whole batches (null: the gather and the scalar copy-out). */
    private final int[] slotOfPoint;
    private final float[] winOfPoint;
    private final int[] slotOfBin;
    private final int[] frameBase = new int[L];
    private final float[] transposed = new float[L == LaneTransposes.L16 ? 256 : 0];

    static boolean supports(int n) {
        return L >= 2 && n >= 2 && n <= MAX_SIZE && Radix2Fft.isPowerOfTwo(n);
    }

    VectorFrameFft(int n, boolean realInput, boolean inverse, float[] window, boolean shift, FftScaling scaling) {
        this(n, realInput, inverse, window, shift, scaling, LaneTransposes.ENABLED);
    }

    VectorFrameFft(int n, boolean realInput, boolean inverse, float[] window, boolean shift, FftScaling scaling,
                   boolean transposes) {
        this.n = n;
        this.realInput = realInput;
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
        butterflies = new LaneButterflies(n, inverse);
        inIndex = new int[L];
        for (int f = 0; f < L; f++) {
            inIndex[f] = f * (realInput ? n : 2 * n);
        }
        pos = butterflies.offsets();
        re = new float[butterflies.length()];
        im = new float[butterflies.length()];
        if (transposes && (realInput ? LaneTransposes.supportsReal(n) : LaneTransposes.supports(n))) {
            slotOfPoint = new int[n];
            winOfPoint = new float[n];
            slotOfBin = new int[n];
            for (int k = 0; k < n; k++) {
                slotOfPoint[src[k]] = pos[k];
                winOfPoint[src[k]] = win[k];
                slotOfBin[dst[k]] = pos[k];
            }
        } else {
            slotOfPoint = null;
            winOfPoint = null;
            slotOfBin = null;
        }
    }

    /** Whether whole batches copy through {@link LaneTransposes}. */
    boolean transposes() {
        return slotOfPoint != null;
    }

    @Override
    public int framesPerPass() {
        return L;
    }

    @Override
    public int size() {
        return n;
    }

    @Override
    public void process(float[] x, int xOff, float[] y, int yOff, int frames) {
        int inStride = realInput ? n : 2 * n;
        int f = 0;
        if (slotOfPoint != null) {
            for (; f + L <= frames; f += L) {
                transposedBatch(x, xOff + f * inStride, y, yOff + f * 2 * n);
            }
        }
        for (; f + L <= frames; f += L) {
            batch(x, xOff + f * inStride, y, yOff + f * 2 * n, inIndex, L);
        }
        if (f < frames) {
            for (int lane = 0; lane < L; lane++) {
                tailIndex[lane] = lane < frames - f ? inIndex[lane] : 0;
            }
            batch(x, xOff + f * inStride, y, yOff + f * 2 * n, tailIndex, frames - f);
        }
    }

    private void transposedBatch(float[] x, int xo, float[] y, int yo) {
        for (int lane = 0; lane < L; lane++) {
            frameBase[lane] = xo + lane * (realInput ? n : 2 * n);
        }
        if (L == LaneTransposes.L16) {
            LaneTransposes.load16(x, frameBase, slotOfPoint, winOfPoint, re, im, n, transposed);
            butterflies.run(re, im);
            LaneTransposes.store16(re, im, slotOfBin, y, yo, 2 * n, n, transposed);
        } else {
            LaneTransposes.load(x, frameBase, slotOfPoint, winOfPoint, re, im, n, realInput);
            butterflies.run(re, im);
            LaneTransposes.store(re, im, slotOfBin, y, yo, 2 * n, n);
        }
    }

    private void batch(float[] x, int xo, float[] y, int yo, int[] inIndex, int frames) {
        float[] re = this.re, im = this.im;
        int n = this.n;
        // Copy-in: gather, bit-reverse, window.
        if (realInput) {
            FloatVector zero = FloatVector.zero(S);
            for (int k = 0; k < n; k++) {
                FloatVector w = FloatVector.broadcast(S, win[k]);
                FloatVector.fromArray(S, x, xo + src[k], inIndex, 0).mul(w).intoArray(re, pos[k]);
                zero.intoArray(im, pos[k]);
            }
        } else {
            for (int k = 0; k < n; k++) {
                FloatVector w = FloatVector.broadcast(S, win[k]);
                int b = xo + 2 * src[k];
                FloatVector.fromArray(S, x, b, inIndex, 0).mul(w).intoArray(re, pos[k]);
                FloatVector.fromArray(S, x, b + 1, inIndex, 0).mul(w).intoArray(im, pos[k]);
            }
        }
        butterflies.run(re, im);
        // Copy-out: a transposing scalar copy, frame by frame (a vector scatter measured several times slower).
        int[] dst = this.dst;
        for (int f = 0; f < frames; f++) {
            int b = yo + f * 2 * n;
            for (int k = 0; k < n; k++) {
                int d = b + 2 * dst[k], s = pos[k] + f;
                y[d] = re[s];
                y[d + 1] = im[s];
            }
        }
    }
}
