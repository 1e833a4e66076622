package org.sigflow.dsp;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The DIT butterflies of a power-of-two FFT run on {@code L} frames at once, one frame per vector lane, over a split
 * re/im scratch ({@code re[k*L + lane]}): slot k in bit-reversed order in, bin k in natural order out. Stages go two
 * at a time (radix-2^2 passes, the first with trivial twiddles; a leading radix-2 stage for odd log2(n)); complex
 * products use fused multiply-adds.
 *
 * <p>The passes are ordered for the cache, not stage by stage over the whole scratch (which, 8 frames of 2048 points
 * and more, is bigger than L1 and measured 2.9× slower per point than 1024 points): first each run of {@code B}
 * consecutive slots goes through all the stages that stay inside it, then each group of columns (slots equal modulo
 * {@code B}) through the remaining stages, which only ever combine slots of one column. Same arithmetic in the same
 * order per butterfly either way, so the result does not depend on the blocking. Runs are laid out {@link #rowStride}
 * floats apart, a cache line more than a run needs: without it the slots of a column, a power of two apart, all
 * fall in the same L1 set (measured: no gain from the blocking at 2048 points and more). Slot k of lane f is at
 * {@code offset(k) + f}.
 */
final class LaneButterflies {
    /**
     * 256-bit vectors (8 frames) where the machine has them: on AVX-512 they measured faster than 512-bit ones, the
     * 8-frame scratch of a 1024-point FFT (64 KiB) staying closer to L1; with the cache blocking below, 512-bit
     * vectors measured the same within noise (overlap-save, 512 complex taps: 220-240 Msps either way). The FFT
     * block's butterflies alone ran 1.3-1.5x faster with 512-bit lanes (16 frames), but its 16-frame transposing copies
     * took 1.6x the time of the 8-frame ones, so the whole kernel was 0.80-0.90x (2026-11-27, FrameFftBench);
     * {@code -Dsigflow.fft.lanes=512} selects them.
     */
    static final VectorSpecies<Float> S = species(System.getProperty("sigflow.fft.lanes", "256"));
    static final int L = S.length();
    /** Most slots of a run kept in L1 in the first phase (256 slots of 8 lanes: 16 KiB of re and im). */
    private static final int MAX_RUN = 256;
    /** Adjacent columns done together in the second phase (2 fill a 64-byte line with 256-bit slots). */
    private static final int COLUMNS = 4;

    private final int n;
    private final boolean inverse;
    private final boolean leadingRadix2;
    /** Quarter h of each radix-2^2 pass after the trivial one(s). */
    private final int[] quarters;
    /** Per pass, per j: w1r, w1i, -w1i, w2r, w2i, -w2i with w1 = W_{2h}^j, w2 = W_{4h}^j. */
    private final float[][] twiddles;
    /** Slots per run of the first phase: the span of the last pass that fits in {@link #MAX_RUN}. */
    private final int run;
    /** Passes done inside the runs (the rest are done per column group). */
    private final int localPasses;
    /** Floats from one run to the next. */
    private final int rowStride;
    private final int rows;

    /** {@code -Dsigflow.fft.lanes}: 256 or 512 bits (taken only where the machine has them). */
    static VectorSpecies<Float> species(String bits) {
        VectorSpecies<Float> p = FloatVector.SPECIES_PREFERRED;
        if (bits.equals("512") && p.vectorBitSize() >= 512) {
            return FloatVector.SPECIES_512;
        }
        return p.vectorBitSize() >= 256 ? FloatVector.SPECIES_256 : p;
    }

    LaneButterflies(int n, boolean inverse) {
        if (!Radix2Fft.isPowerOfTwo(n) || n < 2) {
            throw new IllegalArgumentException("FFT size must be a power of two >= 2: " + n);
        }
        this.n = n;
        this.inverse = inverse;
        int bits = Integer.numberOfTrailingZeros(n);
        leadingRadix2 = (bits & 1) == 1;
        int passes = bits / 2 - (leadingRadix2 ? 0 : 1);
        quarters = new int[passes];
        twiddles = new float[passes][];
        double sign = inverse ? 1 : -1;
        int span = leadingRadix2 ? 2 : 4;
        int r = span, local = 0;
        for (int p = 0, h = span; p < passes; p++, h <<= 2) {
            quarters[p] = h;
            float[] t = new float[6 * h];
            for (int j = 0; j < h; j++) {
                double a1 = sign * 2 * Math.PI * j / (2.0 * h);
                double a2 = sign * 2 * Math.PI * j / (4.0 * h);
                t[6 * j] = (float) Math.cos(a1);
                t[6 * j + 1] = (float) Math.sin(a1);
                t[6 * j + 2] = -(float) Math.sin(a1);
                t[6 * j + 3] = (float) Math.cos(a2);
                t[6 * j + 4] = (float) Math.sin(a2);
                t[6 * j + 5] = -(float) Math.sin(a2);
            }
            twiddles[p] = t;
            if (4 * h <= Math.max(MAX_RUN, span)) {
                r = 4 * h;
                local = p + 1;
            }
        }
        this.run = Math.min(r, n);
        this.localPasses = local;
        this.rows = n / run;
        this.rowStride = run * L + (rows > 1 ? 16 : 0);
    }

    int size() {
        return n;
    }

    /** Floats of each of re and im. */
    int length() {
        return rows * rowStride;
    }

    /** Where slot k's lanes start, for each k. */
    int[] offsets() {
        int[] pos = new int[n];
        for (int k = 0; k < n; k++) {
            pos[k] = (k % run) * L + (k / run) * rowStride;
        }
        return pos;
    }

    /** Slots per run (the first phase's unit). */
    int runLength() {
        return run;
    }

    /** Floats from one run to the next: run r starts at {@code r * rowStride()}. */
    int rowStride() {
        return rowStride;
    }

    /** The DIT transform over {@code re}/{@code im} ({@link #length()} floats each): bit-reversed in, natural out. */
    void run(float[] re, float[] im) {
        for (int c = 0; c < rows * rowStride; c += rowStride) {
            ditRun(re, im, c);
        }
        ditColumns(re, im);
    }

    /** The DIT stages inside the run starting at float {@code c}. */
    void ditRun(float[] re, float[] im, int c) {
        int rl = run * L;
        if (leadingRadix2) {
            radix2Trivial(re, im, c, c + rl);
        } else {
            radix4Trivial(re, im, c, c + rl, false);
        }
        for (int p = 0; p < localPasses; p++) {
            int h = quarters[p];
            for (int j = 0; j < h; j++) {
                pass(re, im, h * L, twiddles[p], j, c + j * L, c + rl, false);
            }
        }
    }

    /** The DIT stages that span runs, column group by column group. */
    void ditColumns(float[] re, float[] im) {
        columns(re, im, false);
    }

    /**
     * The DIF transform's stages that span runs (its first ones): natural order in; after them and {@link #difRun}
     * on every run, bin {@code rev(k)} is in slot k (decimation in frequency, the mirror of the DIT passes).
     */
    void difColumns(float[] re, float[] im) {
        columns(re, im, true);
    }

    /** The DIF stages inside the run starting at float {@code c} (after {@link #difColumns}). */
    void difRun(float[] re, float[] im, int c) {
        int rl = run * L;
        for (int p = localPasses - 1; p >= 0; p--) {
            int h = quarters[p];
            for (int j = 0; j < h; j++) {
                pass(re, im, h * L, twiddles[p], j, c + j * L, c + rl, true);
            }
        }
        if (leadingRadix2) {
            radix2Trivial(re, im, c, c + rl);
        } else {
            radix4Trivial(re, im, c, c + rl, true);
        }
    }

    private void columns(float[] re, float[] im, boolean dif) {
        int cols = Math.min(COLUMNS, run);
        int np = quarters.length - localPasses;
        for (int j0 = 0; j0 < run && np > 0; j0 += cols) {
            for (int i = 0; i < np; i++) {
                int p = dif ? quarters.length - 1 - i : localPasses + i;
                int h = quarters[p];
                int hl = h / run * rowStride;
                for (int t = 0; t < h; t += run) {
                    int from = j0 * L + t / run * rowStride;
                    for (int u = 0; u < cols; u++) {
                        pass(re, im, hl, twiddles[p], j0 + t + u, from + u * L, rows * rowStride, dif);
                    }
                }
            }
        }
    }

    /** Radix-2 stage of length 2 (twiddle 1), for odd log2(n), on floats {@code [from, to)}. */
    private static void radix2Trivial(float[] re, float[] im, int from, int to) {
        for (int o = from; o < to; o += 2 * L) {
            FloatVector ar = FloatVector.fromArray(S, re, o), ai = FloatVector.fromArray(S, im, o);
            FloatVector br = FloatVector.fromArray(S, re, o + L), bi = FloatVector.fromArray(S, im, o + L);
            ar.add(br).intoArray(re, o);
            ai.add(bi).intoArray(im, o);
            ar.sub(br).intoArray(re, o + L);
            ai.sub(bi).intoArray(im, o + L);
        }
    }

    /**
     * The radix-2^2 pass of length-4 butterflies (twiddles 1 and -j forward, +j inverse): the first DIT pass, or
     * the last DIF pass.
     */
    private void radix4Trivial(float[] re, float[] im, int from, int to, boolean dif) {
        boolean inv = inverse;
        for (int o = from; o < to; o += 4 * L) {
            FloatVector a0r = FloatVector.fromArray(S, re, o), a0i = FloatVector.fromArray(S, im, o);
            FloatVector a1r = FloatVector.fromArray(S, re, o + L), a1i = FloatVector.fromArray(S, im, o + L);
            FloatVector a2r = FloatVector.fromArray(S, re, o + 2 * L), a2i = FloatVector.fromArray(S, im, o + 2 * L);
            FloatVector a3r = FloatVector.fromArray(S, re, o + 3 * L), a3i = FloatVector.fromArray(S, im, o + 3 * L);
            if (dif) {
                // length 4: (a0, a2) and (a1, a3) * (-j) (forward) / (+j); length 2: sums and differences
                FloatVector s0r = a0r.add(a2r), s0i = a0i.add(a2i), d0r = a0r.sub(a2r), d0i = a0i.sub(a2i);
                FloatVector s1r = a1r.add(a3r), s1i = a1i.add(a3i), e1r = a1r.sub(a3r), e1i = a1i.sub(a3i);
                FloatVector d1r = inv ? e1i.neg() : e1i, d1i = inv ? e1r : e1r.neg();
                s0r.add(s1r).intoArray(re, o);
                s0i.add(s1i).intoArray(im, o);
                s0r.sub(s1r).intoArray(re, o + L);
                s0i.sub(s1i).intoArray(im, o + L);
                d0r.add(d1r).intoArray(re, o + 2 * L);
                d0i.add(d1i).intoArray(im, o + 2 * L);
                d0r.sub(d1r).intoArray(re, o + 3 * L);
                d0i.sub(d1i).intoArray(im, o + 3 * L);
                continue;
            }
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

    /**
     * The butterflies of index j of a radix-2^2 pass whose quarter h spans {@code hl} floats, from float offset
     * {@code from} (slot j of a block) in steps of a block up to {@code to}. DIT: two fused stages of lengths 2h and
     * 4h. DIF, its mirror: length 4h first ((a0, a2) times w2 after the difference, (a1, a3) times w2 * (-j) forward /
     * (+j) inverse), then length 2h (differences times w1).
     */
    private void pass(float[] re, float[] im, int hl, float[] tw, int j, int from, int to, boolean dif) {
        boolean inv = inverse;
        int block = 4 * hl, t = 6 * j;
        FloatVector w1r = FloatVector.broadcast(S, tw[t]), w1i = FloatVector.broadcast(S, tw[t + 1]);
        FloatVector w1n = FloatVector.broadcast(S, tw[t + 2]);
        FloatVector w2r = FloatVector.broadcast(S, tw[t + 3]), w2i = FloatVector.broadcast(S, tw[t + 4]);
        FloatVector w2n = FloatVector.broadcast(S, tw[t + 5]);
        for (int o = from; o < to; o += block) {
            int o1 = o + hl, o2 = o1 + hl, o3 = o2 + hl;
            FloatVector a0r = FloatVector.fromArray(S, re, o), a0i = FloatVector.fromArray(S, im, o);
            FloatVector a1r = FloatVector.fromArray(S, re, o1), a1i = FloatVector.fromArray(S, im, o1);
            FloatVector a2r = FloatVector.fromArray(S, re, o2), a2i = FloatVector.fromArray(S, im, o2);
            FloatVector a3r = FloatVector.fromArray(S, re, o3), a3i = FloatVector.fromArray(S, im, o3);
            if (dif) {
                FloatVector s0r = a0r.add(a2r), s0i = a0i.add(a2i), d0r = a0r.sub(a2r), d0i = a0i.sub(a2i);
                FloatVector s1r = a1r.add(a3r), s1i = a1i.add(a3i), e1r = a1r.sub(a3r), e1i = a1i.sub(a3i);
                FloatVector d1r = inv ? e1i.neg() : e1i, d1i = inv ? e1r : e1r.neg();
                FloatVector b2r = d0r.fma(w2r, d0i.mul(w2n)), b2i = d0r.fma(w2i, d0i.mul(w2r));
                FloatVector b3r = d1r.fma(w2r, d1i.mul(w2n)), b3i = d1r.fma(w2i, d1i.mul(w2r));
                s0r.add(s1r).intoArray(re, o);
                s0i.add(s1i).intoArray(im, o);
                FloatVector c1r = s0r.sub(s1r), c1i = s0i.sub(s1i);
                c1r.fma(w1r, c1i.mul(w1n)).intoArray(re, o1);
                c1r.fma(w1i, c1i.mul(w1r)).intoArray(im, o1);
                b2r.add(b3r).intoArray(re, o2);
                b2i.add(b3i).intoArray(im, o2);
                FloatVector c3r = b2r.sub(b3r), c3i = b2i.sub(b3i);
                c3r.fma(w1r, c3i.mul(w1n)).intoArray(re, o3);
                c3r.fma(w1i, c3i.mul(w1r)).intoArray(im, o3);
                continue;
            }
            // Stage A (length 2h): a1, a3 times w1.
            FloatVector t1r = a1r.fma(w1r, a1i.mul(w1n)), t1i = a1r.fma(w1i, a1i.mul(w1r));
            FloatVector t3r = a3r.fma(w1r, a3i.mul(w1n)), t3i = a3r.fma(w1i, a3i.mul(w1r));
            FloatVector b0r = a0r.add(t1r), b0i = a0i.add(t1i), b1r = a0r.sub(t1r), b1i = a0i.sub(t1i);
            FloatVector b2r = a2r.add(t3r), b2i = a2i.add(t3i), b3r = a2r.sub(t3r), b3i = a2i.sub(t3i);
            // Stage B (length 4h): b2 times w2, b3 times w2 * (-j) (forward) / (+j) (inverse).
            FloatVector u2r = b2r.fma(w2r, b2i.mul(w2n)), u2i = b2r.fma(w2i, b2i.mul(w2r));
            FloatVector v3r = b3r.fma(w2r, b3i.mul(w2n)), v3i = b3r.fma(w2i, b3i.mul(w2r));
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
